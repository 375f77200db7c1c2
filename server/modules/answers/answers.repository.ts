import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AnswerClaims } from '../../mail/answer-links';

type Db = Kysely<Database>;

export async function isAnswerLinkUsed(db: Db, signature: string): Promise<boolean> {
  const row = await db
    .selectFrom('answer_links_used')
    .select('signature')
    .where('signature', '=', signature)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when this call used the link; false when another already had (its row won the primary key). */
export async function claimAnswerLink(db: Db, claims: AnswerClaims, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('answer_links_used')
    .values({ signature: claims.signature, used_at: now, expires_at: claims.expiresAt })
    .onConflict((oc) => oc.columns(['club_id', 'signature']).doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}
