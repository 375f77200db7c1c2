import type { Family, Guardian } from '@common/contract/family';
import { isAdminRole } from '@common/rules/roles';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { guardiansInviteGuardians } from '../settings/club-settings';
import { toUser } from '../users/user-mapper';
import { findChildrenOf, findGuardiansOf, type GuardianOfChild } from './guardianships.repository';

/** A restricted guardian is never among a child's guardians (docs/rules.md#families). */
const shown = (guardians: GuardianOfChild[]): Guardian[] =>
  guardians
    .filter((g) => !g.is_restricted)
    .map((g) => ({ id: g.guardian_id, first_name: g.first_name, last_name: g.last_name }));

/**
 * `GET /api/family`: the caller's children (with their guardians), the caller's own guardians, and whether they
 * may link another guardian (so the app offers only what the server allows).
 */
export async function readFamily(deps: AppDeps, actor: UserRow): Promise<Family> {
  const now = deps.now();
  const children = await findChildrenOf(deps.db, actor.id);
  const withGuardians = [];
  for (const child of children) {
    withGuardians.push({ ...toUser(child, now), guardians: shown(await findGuardiansOf(deps.db, child.id)) });
  }
  return {
    children: withGuardians,
    guardians: shown(await findGuardiansOf(deps.db, actor.id)),
    may_invite_guardians: isAdminRole(actor.role_name) || (await guardiansInviteGuardians(deps.db)),
  };
}
