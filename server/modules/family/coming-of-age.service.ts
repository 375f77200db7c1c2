import { MAJORITY } from '@common/rules/family';
import type { AppDeps } from '../../app-deps';
import { notify } from '../notifications/notify';
import { updateUser } from '../users/users.repository';
import { clubToday } from './acting-for.service';
import { findComingOfAge } from './guardianships.repository';

/**
 * Scheduled, club by club (docs/rules.md#families): a member with guardians and an address who is 18 today or
 * older is told once that their guardians no longer act for them. The rights ended by themselves; this says
 * so. Answers how many were told.
 */
export async function tellComingOfAge(deps: Pick<AppDeps, 'db' | 'now' | 'config'>): Promise<number> {
  const today = clubToday(deps);
  const latestBirthDate = `${Number(today.slice(0, 4)) - MAJORITY}${today.slice(4)}`;
  let told = 0;
  for (const member of await findComingOfAge(deps.db, latestBirthDate)) {
    await deps.db.transaction().execute(async (trx) => {
      await notify(deps, trx, 'came_of_age', [member], () => ({}));
      await updateUser(trx, member.id, { came_of_age_told_at: deps.now() });
    });
    told += 1;
  }
  return told;
}
