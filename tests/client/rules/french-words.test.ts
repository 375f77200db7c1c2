import { deOf, formatWord } from '@common/rules/french-words';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

// « de » before a name (docs/rules.md#words), the same in the app and on the server.
const TABLE: Array<[name: string, written: string]> = [
  ['Entraînement eau calme', "d'Entraînement eau calme"],
  ['Anaïs', "d'Anaïs"],
  ['Éloïse', "d'Éloïse"],
  ['Yves', "d'Yves"],
  ['Œdipe', "d'Œdipe"],
  ['Sortie rivière', 'de Sortie rivière'],
  ['Léna', 'de Léna'],
  ['Yann', 'de Yann'],
  ['Hélène', 'de Hélène'],
  ['4 saisons', 'de 4 saisons'],
  ['', 'de '],
];

describe('deOf', () => {
  it.each(TABLE)('%j → %j', (name, written) => {
    expect(deOf(name)).toBe(written);
  });

  it('only elides in French', () => {
    expect(formatWord('de', 'Anaïs', 'fr')).toBe("d'Anaïs");
    expect(formatWord('de', 'Anaïs', 'en')).toBe('Anaïs');
    expect(formatWord('unknown', 'Anaïs', 'fr')).toBe('Anaïs');
  });
});

describe('the catalogues’ {{name, de}}', () => {
  it('elides an event type and a first name in French, and leaves English alone', () => {
    const t = i18n.getFixedT('fr');
    expect(t('events.details_of', { name: 'Entraînement eau calme' })).toBe("d'Entraînement eau calme");
    expect(t('events.details_of', { name: 'Sortie rivière' })).toBe('de Sortie rivière');
    expect(t('checklist.check_label', { name: 'Anaïs Morel' })).toBe("Présence d'Anaïs Morel");
    expect(i18n.getFixedT('en')('events.details_of', { name: 'Entraînement' })).toBe('of Entraînement');
  });
});
