import { describe, expect, it } from 'vitest';
import { FRENCH_RULES, frenchProblems, greetsByUsername } from '../../scripts/french-rules.mjs';

// The i18n check's French rules (docs/rules.md#words): each catches what it is for, and leaves alone the
// wording the catalogues use instead.
const why = (fragment: string) => {
  const rule = FRENCH_RULES.find((r) => r.why.includes(fragment));
  if (!rule) throw new Error(`no rule about ${fragment}`);
  return rule.why;
};

const CAUGHT: Array<[value: string, rule: string]> = [
  ['Programme de la semaine (bêta)', '(bêta)'],
  ['Weekly programme (beta)', '(bêta)'],
  ['Vous êtes inscrit(e) à la sortie.', 'inscrit(e)'],
  ['Inscrit·e à la sortie', 'inscrit(e)'],
  ['Les inscrit·es seront prévenus', 'inscrit(e)'],
  ['Vous êtes inscrit', 'Vous êtes inscrit'],
  ['Vous êtes déjà inscrit à cet évènement.', 'Vous êtes inscrit'],
  ['Vous êtes déconnecté.', 'Vous êtes inscrit'],
  ['Vous allez être redirigé vers la connexion.', 'Vous êtes inscrit'],
  ["Vous n'êtes plus inscrit à ces séances", 'Vous êtes inscrit'],
  ['Être prévenu quand un évènement est annulé.', 'Rester connecté'],
  ['Rester connecté', 'Rester connecté'],
  ['Recevez les promotions depuis la liste d’attente', 'promotion'],
  ["Promus de la liste d'attente", 'promotion'],
  ['Détails de Entraînement eau calme', 'elides before a vowel'],
  ['Matériel de Anaïs', 'elides before a vowel'],
  ['Matériel de {{name}}', '{{name, de}}'],
  ['Détails de {{ name }}', '{{name, de}}'],
  ['Photo {{name, lowercase}}', 'only formats'],
];

const LEFT_ALONE = [
  'Inscription confirmée',
  'Vous participez',
  "Vous êtes sur la liste d'attente.",
  "Vous êtes en liste d'attente.",
  'Ne pas se déconnecter',
  'Me prévenir quand un évènement où j’ai une place est annulé.',
  'Une place libérée : elle est pour vous.',
  "Détails d'Entraînement eau calme",
  'Détails de Sortie rivière',
  'Matériel {{name, de}}',
  'Au moins {{count}} caractères, de {{min}} à {{max}}.',
  '{{count, number}} caractères restants',
  'Le bilan ne peut pas être chargé.',
  '{{weekday}} {{date}} · {{duration}}',
  'Bonjour {{name}} !',
  'Mode en ligne',
];

describe('the French rules of the i18n check', () => {
  it.each(CAUGHT)('catches %j', (value, rule) => {
    expect(frenchProblems(value)).toContain(why(rule));
  });

  it.each(LEFT_ALONE)('leaves %j alone', (value) => {
    expect(frenchProblems(value)).toEqual([]);
  });

  it('each rule says why', () => {
    for (const rule of FRENCH_RULES) expect(rule.why.length).toBeGreaterThan(30);
  });

  it('refuses a greeting by username, never one by first name', () => {
    expect(greetsByUsername('Bonjour {{username}} !')).toBe(true);
    expect(greetsByUsername('Bienvenue {{ username }}')).toBe(true);
    expect(greetsByUsername('Bonjour {{name}} !')).toBe(false);
    expect(greetsByUsername('Photo {{username}}')).toBe(false);
  });
});
