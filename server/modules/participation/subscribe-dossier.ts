import type { EventDto } from '@common/contract/event';
import type { DossierReason } from '@common/contract/member-file';
import type { SubscribeRequest } from '@common/contract/participation';
import { mayTakeAttendance } from '@common/rules/attendance';
import type { EventFacts } from '@common/rules/events';
import { isAdminRole } from '@common/rules/roles';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { lockEvent } from '../events/event-facts';
import { memberActedFor } from '../family/acting-for.service';
import { recordActedFor } from '../family/guardianships.repository';
import { checkDossier } from '../member-file/event-dossier.service';
import { findUserById } from '../users/users.repository';

type Db = Kysely<Database>;

/** Who a subscribe is for, the event locked, and what the member's file check needs to know of the actor. */
export interface Subscriber {
  member: UserRow;
  event: EventRow;
  facts: EventFacts;
  /** The actor may read the member's health reasons: themself, their guardian, an Admin. */
  readsHealth: boolean;
  /** The actor takes attendance on this event, so may send `override` (docs/rules.md#members-file). */
  mayOverride: boolean;
  /** One who takes attendance subscribes someone else (with `override`). */
  byOrganiser: boolean;
}

/**
 * The member a subscribe is for (docs/rules.md#subscriptions): themself or a minor for their guardian
 * (memberActedFor), or, with `override: true` on a subscribe, any member for one who takes attendance on
 * the event (docs/rules.md#members-file). An organiser who is not an Admin reads that member's file as the
 * checklist does, without health reasons.
 */
export async function subscriberOf(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  request: SubscribeRequest,
): Promise<Subscriber> {
  const forAnother = request.subscribe && request.override === true && request.uuid_user !== actor.id;
  if (forAnother) {
    const { event, facts } = await lockEvent(deps, db, request.uuid_event);
    if (mayTakeAttendance(actor, facts).ok) {
      const member = await findUserById(db, request.uuid_user);
      if (!member || member.deleted_at) throw new HttpError(403, 'forbidden', 'uuid_user');
      return {
        member,
        event,
        facts,
        readsHealth: isAdminRole(actor.role_name),
        mayOverride: true,
        byOrganiser: true,
      };
    }
  }
  const { member } = await memberActedFor(
    deps,
    db,
    actor,
    request.uuid_user,
    'subscribe',
    'uuid_user',
    request.uuid_event,
  );
  const { event, facts } = await lockEvent(deps, db, request.uuid_event);
  const mayOverride = mayTakeAttendance(actor, facts).ok;
  return { member, event, facts, readsHealth: true, mayOverride, byOrganiser: false };
}

/**
 * The file check of a newcomer's subscribe (docs/rules.md#members-file): 409 `dossier_incomplete` under a
 * blocking model unless overridden, the reasons to warn of otherwise. A subscribe an organiser writes for
 * someone else, or one an override let through, is kept in the account audit with who acted, so the
 * override stays visible (in the member's export too).
 */
export async function checkSubscriberFile(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  subscriber: Subscriber,
  override: boolean,
): Promise<DossierReason[]> {
  const { member, event } = subscriber;
  const { warnings, overridden } = await checkDossier(db, event.uuid, member.id, {
    readsHealth: subscriber.readsHealth,
    override,
    mayOverride: subscriber.mayOverride,
  });
  // A guardian's write for a child is already kept, by memberActedFor.
  if (overridden || subscriber.byOrganiser)
    await recordActedFor(db, {
      actorId: actor.id,
      memberId: member.id,
      what: overridden ? 'subscribe_override' : 'subscribe',
      eventUuid: event.uuid,
      at: deps.now(),
    });
  return overridden ? [] : warnings;
}

/** The answer with the file's warnings, the key absent when there are none (docs/rules.md#members-file). */
export const withWarnings = (event: EventDto, warnings: readonly DossierReason[]): EventDto =>
  warnings.length > 0 ? { ...event, warnings: [...warnings] } : event;
