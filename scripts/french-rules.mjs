/**
 * French a club would write (docs/rules.md#words): the rules scripts/check-i18n.mjs runs on the app's French
 * catalogues, apart so tests/tooling can try each one. Each rule says why it exists.
 */
// Placeholders that are numbers, days or times: « de 8 », « de 2026-12-02 » never elide.
const NOT_A_WORD = 'count|max|min|total|line|number|date|time|from|to|first|last|season|year|month|position';
// Words that describe a person: said of the reader they assume a gender (« Vous êtes inscrit »).
const PARTICIPLES =
  'inscrit|désinscrit|connecté|déconnecté|invité|prévenu|informé|averti|redirigé|abonné|désabonné|autorisé';
export const FRENCH_RULES = [
  {
    pattern: /\((?:bêta|beta)\)/iu,
    why: 'no « (bêta) »: members use what the club offers; a feature not ready is not shown',
  },
  {
    pattern: /\p{Ll}(?:\(e\)|[·•.]e)(?:s)?(?!\p{L})/u,
    why: 'no « inscrit(e) » or « inscrit·e »: reword so no gender is assumed (« Inscription confirmée »)',
  },
  {
    pattern: new RegExp(
      `\\b(?:vous|tu) (?:n['’]|ne )?(?:êtes|es|serez|seras|étiez|seriez|allez être)\\s+(?:(?:déjà|bien|maintenant|encore|toujours|plus)\\s+)?(?:\\p{L}+é|${PARTICIPLES}|prêt|sûr|seul)(?!\\p{L})`,
      'iu',
    ),
    why: '« Vous êtes inscrit » assumes the reader’s gender: say what happened (« Inscription enregistrée », « Vous participez »)',
  },
  {
    pattern: new RegExp(`(?:^|\\s)(?:être|rester) (?:${PARTICIPLES})(?!\\p{L})`, 'iu'),
    why: '« Être prévenu », « Rester connecté » assume the reader’s gender: « Me prévenir », « Ne pas se déconnecter »',
  },
  {
    pattern: /prom(?:otion|u)/iu,
    why: 'members read « place libérée », not « promotion » (the code’s word for leaving a waiting list)',
  },
  {
    pattern: /(?:^|[\s'’(«])de [AEIOUÉÈÊËÀÂÎÏÔÙÛŒaeiouéèêëàâîïôùûœ]/u,
    why: '« de » elides before a vowel: « d’Entraînement », « d’Anaïs »',
  },
  {
    pattern: new RegExp(`(?:^|[\\s'’(«])de \\{\\{\\s*(?!(?:${NOT_A_WORD})\\b)\\w+\\s*\\}\\}`, 'u'),
    why: 'write {{name, de}}, not « de {{name}} », so a name starting with a vowel elides (« d’Entraînement »)',
  },
  {
    pattern: /\{\{\s*\w+\s*,(?!\s*(?:de|number)\s*\}\})[^}]*\}\}/u,
    why: 'the only formats the app and the server both fill are {{x, de}} and {{x, number}}',
  },
];
// A greeting names people as the club does, by first name (« Bonjour Léna »), never by username.
export const GREETING = /^\s*(?:Bonjour|Bonsoir|Salut|Coucou|Bienvenue)\b/u;
export const USERNAME_PLACEHOLDER = /\{\{\s*username\b/u;

/** Why `value` (a French catalogue text) breaks a rule; empty when it breaks none. */
export function frenchProblems(value) {
  return FRENCH_RULES.filter((rule) => rule.pattern.test(value)).map((rule) => rule.why);
}

/** A greeting that names people by username: « Bonjour {{username}} » (the club says « Bonjour Léna »). */
export const greetsByUsername = (value) => GREETING.test(value) && USERNAME_PLACEHOLDER.test(value);
