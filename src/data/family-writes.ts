/**
 * Family calls made online (docs/rules.md#families): reading the family again, adding a child, linking the
 * other parent, and a child's consents for the season. The kept family (family.ts) follows each change.
 */
import { type Consents, type ConsentsUpdate, consentsSchema } from '@common/contract/consents';
import { type ChildCreate, type Family, type Guardian, guardianSchema } from '@common/contract/family';
import { type User, userSchema } from '@common/contract/user';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { refreshMyFamily } from './core/my-family';

export type { Consents };

/** Reads the signed-in member's family again and keeps it. */
export const refreshFamily = (): Promise<Family | null> => refreshMyFamily(appDb());

/** A child without a login; the member becomes its guardian. The family is read again after. */
export async function addChild(child: ChildCreate): Promise<User> {
  const made = await apiRequest('POST', '/api/family/children', { body: child, schema: userSchema });
  await refreshFamily();
  return made;
}

/** Links (or invites) the account with this address as another guardian of the child. */
export async function linkGuardian(childId: string, email: string): Promise<Guardian> {
  const guardian = await apiRequest('POST', `/api/user/${childId}/guardians`, {
    body: { email },
    schema: guardianSchema,
  });
  await refreshFamily();
  return guardian;
}

/** Ends a guardian link (the member leaving it, docs/rules.md#families); the child stays. */
export async function unlinkGuardian(childId: string, guardianId: string): Promise<void> {
  await apiRequest('DELETE', `/api/user/${childId}/guardians/${guardianId}`);
  await refreshFamily();
}

export const fetchConsents = (childId: string): Promise<Consents> =>
  apiRequest('GET', `/api/user/${childId}/consents`, { schema: consentsSchema });

export const saveConsents = (childId: string, update: ConsentsUpdate): Promise<Consents> =>
  apiRequest('PUT', `/api/user/${childId}/consents`, { body: update, schema: consentsSchema });
