import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What else ends when a member's access does (docs/rules.md#members-in-and-out): after a password reset, the calendar
 * feed and push devices someone who knew the old password may have set up; after a revocation, those and the member's
 * upcoming places; after a deletion, the same as a revocation. Those areas import this one, so app.ts hands the step
 * in (as events' fill step) and it runs in the reset's or the revocation's own transaction.
 */
export type AccessEnded = (
  trx: Kysely<Database>,
  userId: string,
  why: 'password_reset' | 'revoked' | 'deleted',
) => Promise<void>;
