/**
 * How one walk-in is told from another: the server's `person_key`, built the same way on both sides, so a
 * walk-in added offline keeps its checklist row when the server's answer comes back. No zod here: walk-ins
 * are queued before the contract's schemas load.
 */
export const walkInPersonKey = (w: { user_id?: string | null; name?: string | null }): string =>
  w.user_id ? `member:${w.user_id}` : `name:${normalisedName(w.name ?? '')}`;

const normalisedName = (name: string) =>
  name.trim().replace(/\s+/g, ' ').normalize('NFC').toLocaleLowerCase('fr');
