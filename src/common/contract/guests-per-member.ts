/**
 * Guests one member may bring to an event (docs/rules.md#limits): `LIMITS.guestsPerMember`. Apart from the
 * limits table because the rules of the week's buttons (rules/events.ts) need only this one, and the week's
 * first paint then carries no table of every form's limits.
 */
export const GUESTS_PER_MEMBER = 3;
