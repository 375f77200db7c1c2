import type { Guardian, GuardianLink } from '@common/contract/family';
import { linkRefusal, MAX_CHILDREN_PER_GUARDIAN, MAX_GUARDIANS_PER_CHILD } from '@common/rules/family';
import { isAdminRole } from '@common/rules/roles';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { displayName } from '../../mail/display-name';
import { notify } from '../notifications/notify';
import { guardiansInviteGuardians } from '../settings/club-settings';
import { register } from '../users/accounts.service';
import { freeUsername } from '../users/child-username';
import { findUserByEmail, findUserById } from '../users/users.repository';
import {
  countLinks,
  deleteGuardianship,
  findGuardiansOf,
  insertGuardianship,
  setRestricted,
  usernamesStartingWith,
} from './guardianships.repository';

type Db = AppDeps['db'];

/** The member, or 404 (unknown, deleted, or a child its restricted guardian must not find). */
async function childOr404(db: Db, actor: UserRow, childId: string): Promise<UserRow> {
  const child = await findUserById(db, childId);
  if (!child || child.deleted_at) throw new HttpError(404, 'not_found', 'id');
  const link = (await findGuardiansOf(db, childId)).find((g) => g.guardian_id === actor.id);
  if (link?.is_restricted) throw new HttpError(404, 'not_found', 'id');
  return child;
}

/** The invited account's username: its address's local part, made a free username. */
async function usernameFromEmail(db: Db, email: string): Promise<string> {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '');
  const stem = (local.length >= 3 ? local : `${local}membre`).slice(0, 29);
  return freeUsername(stem, await usernamesStartingWith(db, stem));
}

/**
 * `POST /api/user/{id}/guardians` (docs/rules.md#families): an Admin, or an unrestricted guardian of the
 * child, links the account with this address as a guardian, inviting a new account first when there is
 * none. One level (409 `guardian_loop`), at most 3 guardians a child and 10 children an account (409
 * `conflict`). Linking again changes nothing. The answer names the guardian, nothing more.
 */
export async function linkGuardian(
  deps: AppDeps,
  trx: Db,
  actor: UserRow,
  childId: string,
  request: GuardianLink,
): Promise<Guardian> {
  const child = await childOr404(trx, actor, childId);
  const guardians = await findGuardiansOf(trx, childId);
  const isGuardian = guardians.some((g) => g.guardian_id === actor.id);
  // Guardians link another guardian themselves unless the club keeps it to its Admins.
  if (!isAdminRole(actor.role_name) && !(isGuardian && (await guardiansInviteGuardians(trx)))) {
    throw new HttpError(403, 'forbidden');
  }

  const existing = await findUserByEmail(trx, request.email);
  const guardian =
    existing ??
    (await findUserById(
      trx,
      (
        await register(deps, trx, actor, {
          username: await usernameFromEmail(trx, request.email),
          email: request.email,
        })
      ).id,
    ));
  if (!guardian || guardian.deleted_at) throw new HttpError(404, 'not_found', 'email');
  const answer = { id: guardian.id, first_name: guardian.first_name, last_name: guardian.last_name };
  if (guardians.some((g) => g.guardian_id === guardian.id)) return answer;

  const guardianLinks = await countLinks(trx, guardian.id);
  const childLinks = await countLinks(trx, child.id);
  const refusal = linkRefusal(guardian.id, child.id, {
    guardianIsGuarded: guardianLinks.asChild > 0,
    childIsGuardian: childLinks.asGuardian > 0,
  });
  if (refusal) throw new HttpError(409, refusal, 'email');
  if (
    childLinks.asChild >= MAX_GUARDIANS_PER_CHILD ||
    guardianLinks.asGuardian >= MAX_CHILDREN_PER_GUARDIAN
  ) {
    throw new HttpError(409, 'conflict', 'email');
  }
  await insertGuardianship(trx, {
    childId: child.id,
    guardianId: guardian.id,
    createdBy: actor.id,
    now: deps.now(),
  });
  // The linked account hears of it, and may leave the link (docs/rules.md#families).
  await notify(deps, trx, 'guardian_linked', [guardian], () => ({
    child: displayName(child),
    byWhom: displayName(actor),
  }));
  return answer;
}

/**
 * `DELETE /api/user/{id}/guardians/{guardianId}`: an Admin, or that guardian leaving the link. The child
 * stays, whatever is left of its family.
 */
export async function unlinkGuardian(
  trx: Db,
  actor: UserRow,
  childId: string,
  guardianId: string,
): Promise<void> {
  await childOr404(trx, actor, childId);
  if (!isAdminRole(actor.role_name) && actor.id !== guardianId) throw new HttpError(403, 'forbidden');
  if (!(await deleteGuardianship(trx, childId, guardianId)))
    throw new HttpError(404, 'not_found', 'guardianId');
}

/** `PUT /api/user/{id}/guardians/{guardianId}` `{restricted}`: an Admin's court-order mark (the route admits Admins only). */
export async function restrictGuardian(
  trx: Db,
  childId: string,
  guardianId: string,
  isRestricted: boolean,
): Promise<void> {
  if (!(await setRestricted(trx, childId, guardianId, isRestricted)))
    throw new HttpError(404, 'not_found', 'guardianId');
}
