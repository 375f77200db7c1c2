import type { ChildCreate } from '@common/contract/family';
import type { User } from '@common/contract/user';
import { isMinorOn, MAX_CHILDREN_PER_GUARDIAN } from '@common/rules/family';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { displayName } from '../../mail/display-name';
import { notify } from '../notifications/notify';
import { freeUsername, usernameStem } from '../users/child-username';
import { toUser } from '../users/user-mapper';
import { insertUser, updateUser } from '../users/users.repository';
import { clubToday } from './acting-for.service';
import {
  countLinks,
  findSameChild,
  insertGuardianship,
  listAdmins,
  usernamesStartingWith,
} from './guardianships.repository';

/**
 * `POST /api/family/children` (docs/rules.md#families): a child without a login (no email, no password: it
 * never signs in), named from its names, the caller its first guardian. A caller who is themself guarded
 * guards nobody (409 `guardian_loop`); at most 10 children an account (409 `conflict`). The child must be a
 * minor today (400 on `birth_date`). A member with the same names and birth date is the same child: the
 * Admins are told, and the route answers 409 `conflict` once that notice is committed, so two parents do not
 * make two Lous (the second asks the first, or an Admin, to link them).
 */
export async function createChild(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  request: ChildCreate,
): Promise<{ child: User } | { duplicate: true }> {
  if (!isMinorOn(request.birth_date, clubToday(deps)))
    throw new HttpError(400, 'invalid_input', 'birth_date');
  const links = await countLinks(trx, actor.id);
  if (links.asChild > 0) throw new HttpError(409, 'guardian_loop');
  if (links.asGuardian >= MAX_CHILDREN_PER_GUARDIAN) throw new HttpError(409, 'conflict');
  if (await findSameChild(trx, request)) {
    const childName = `${request.first_name} ${request.last_name}`;
    await notify(deps, trx, 'child_duplicate', await listAdmins(trx), () => ({
      child: childName,
      birthDate: request.birth_date,
      byWhom: displayName(actor),
    }));
    return { duplicate: true };
  }

  const stem = usernameStem(request.first_name, request.last_name);
  const username = freeUsername(stem, await usernamesStartingWith(trx, stem));
  const child = await insertUser(trx, {
    username,
    email: null,
    password_hash: null,
    role_name: 'User',
    confirmed_at: null,
  });
  const names = {
    first_name: request.first_name,
    last_name: request.last_name,
    birth_date: request.birth_date,
  };
  await updateUser(trx, child.id, names);
  await insertGuardianship(trx, {
    childId: child.id,
    guardianId: actor.id,
    createdBy: actor.id,
    now: deps.now(),
  });
  return { child: toUser({ ...child, ...names }, deps.now()) };
}
