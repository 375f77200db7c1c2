/** The last line of every message the club sends. */
export const SIGNATURE = { fr: "\n\n— L'équipe Équipée", en: '\n\n— The Équipée team' };
