import type { ErrorCode } from '@common/contract/errors';
import type { EventDto } from '@common/contract/event';
import type { DossierReason } from '@common/contract/member-file';
import { clubDayOf } from '@common/rules/club-time';
import { factsOf, isFull, standingOf } from '@common/rules/events';
import { mayActFor } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { DossierIncompleteError, HttpError } from '../../http-error';
import { type AnswerClaims, readAnswerToken } from '../../mail/answer-links';
import { runWrite } from '../../writes/run-write';
import { findEventDto } from '../events/event-details';
import { checkDossier } from '../member-file/event-dossier.service';
import { readLinkSecret } from '../notifications/unsubscribe-links';
import { setDecline } from '../participation/declines.service';
import { setSubscription } from '../participation/subscriptions.service';
import { joinWaitingList } from '../participation/waiting-list.service';
import { readMemberFacts } from '../users/member-access';
import { findUserById } from '../users/users.repository';
import { claimAnswerLink, isAnswerLinkUsed } from './answers.repository';

type Db = Kysely<Database>;

/** Why a link cannot act; each is its own page, never a 5xx. */
export type LinkProblem =
  | { problem: 'invalid' }
  | { problem: 'expired' }
  | { problem: 'used' }
  | { problem: 'gone' }
  | { problem: 'account' }
  | { problem: 'deleted' }
  | { problem: 'refused'; code: ErrorCode; reasons?: DossierReason[] };

/** A link that may act: who, for whom, what, and the event as it is now. */
export interface LiveLink {
  claims: AnswerClaims;
  member: UserRow;
  /** Who answers: the member, or in a guardian's copy the guardian (docs/rules.md#families). */
  actor: UserRow;
  event: EventDto;
}

export type AnswerResult = 'subscribed' | 'waiting' | 'declined';

const isLocked = (member: UserRow, now: Date) =>
  member.is_locked && (member.locked_until === null || member.locked_until > now);

/** The checks a GET and a POST both make, in the order a member would want to hear them. */
async function liveLink(deps: AppDeps, db: Db, token: string): Promise<LiveLink | LinkProblem> {
  const claims = readAnswerToken(currentClub().key, await readLinkSecret(db), token);
  if (!claims) return { problem: 'invalid' };
  const now = deps.now();
  if (now >= claims.expiresAt) return { problem: 'expired' };
  if (await isAnswerLinkUsed(db, claims.signature)) return { problem: 'used' };
  const event = await findEventDto(db, claims.eventUuid);
  if (!event) return { problem: 'gone' };
  const member = await findUserById(db, claims.userId);
  if (!member) return { problem: 'invalid' };
  // A mail sent before the member left still holds links; they say so, plainly.
  if (member.deleted_at) return { problem: 'deleted' };
  const actor = claims.actingId ? await findUserById(db, claims.actingId) : member;
  if (!actor || actor.deleted_at) return { problem: 'invalid' };
  if (actor.is_revoked || actor.confirmed_at === null || isLocked(actor, now)) return { problem: 'account' };
  if (actor !== member) {
    // Signed over a guardian: it acts only while that guardian may act for the child. A guardian restricted
    // since finds a link that says nothing of the child.
    const action = claims.action === 'come' ? 'subscribe' : 'decline';
    const today = clubDayOf(now, currentClub().timezone);
    const verdict = mayActFor(actor, await readMemberFacts(db, member), action, today, null);
    if (!verdict.ok)
      return verdict.status === 404 ? { problem: 'invalid' } : { problem: 'refused', code: verdict.code };
  }
  // The event may have moved earlier since the mail left: the link ends when it starts, whatever it says.
  if (now >= new Date(event.start_date)) return { problem: 'expired' };
  if (event.is_cancelled) return { problem: 'refused', code: 'event_cancelled' };
  return { claims, member, actor, event };
}

/** GET: what the confirmation page shows. Changes nothing (mail scanners open every link). */
export function readAnswerLink(deps: AppDeps, token: string): Promise<LiveLink | LinkProblem> {
  return liveLink(deps, deps.db, token);
}

/** "Je viens" on a full event is a wish for the next place: the same as the app's waiting list. */
export const willWait = (link: LiveLink): boolean => {
  const standing = standingOf(link.event, link.member.id);
  return !standing.isSubscribed && isFull(factsOf(link.event));
};

/**
 * POST: the answer, once. The link is claimed in the transaction that acts, so two clicks at once make one
 * answer (the other finds the claim); a refusal (full stuff, event past) rolls the claim back with the
 * rest, and the link still works. The answer meets the very services the app's writes meet.
 */
export async function actOnAnswerLink(
  deps: AppDeps,
  token: string,
  stuffs: string[],
): Promise<(LiveLink & { result: AnswerResult; warnings?: DossierReason[] }) | LinkProblem> {
  try {
    return await runWrite(deps, async (trx) => {
      const link = await liveLink(deps, trx, token);
      if ('problem' in link) return link;
      if (!(await claimAnswerLink(trx, link.claims, deps.now()))) return { problem: 'used' as const };
      // The same services as the app's writes, for the member, by the actor (a guardian acts for the child).
      const { member, actor, claims } = link;
      const request = { uuid_event: claims.eventUuid, uuid_user: member.id };
      if (claims.action !== 'come') {
        const event = await setDecline(deps, trx, actor, { ...request, decline: true });
        return { ...link, event, result: 'declined' as const };
      }
      const standing = standingOf(link.event, member.id);
      if (standing.isSubscribed) return { ...link, result: 'subscribed' as const };
      if (standing.isWaiting) return { ...link, result: 'waiting' as const };
      // The file check of the app's subscribe (docs/rules.md#members-file): a file the model blocks refuses the
      // answer with its reasons; under `warn` they go with the page. The member, or their guardian, reads them.
      const { warnings } = await checkDossier(trx, claims.eventUuid, member.id, {
        readsHealth: true,
        override: false,
        mayOverride: false,
      });
      const warned = warnings.length > 0 ? { warnings } : {};
      if (willWait(link)) {
        const event = await joinWaitingList(deps, trx, actor, { ...request, stuffs });
        return { ...link, event, result: 'waiting' as const, ...warned };
      }
      const event = await setSubscription(deps, trx, actor, {
        ...request,
        stuffs,
        subscribe: true,
      });
      return { ...link, event, result: 'subscribed' as const, ...warned };
    });
  } catch (error) {
    if (error instanceof DossierIncompleteError)
      return { problem: 'refused', code: error.code, reasons: [...error.reasons] };
    if (error instanceof HttpError && error.statusCode < 500) return { problem: 'refused', code: error.code };
    throw error;
  }
}
