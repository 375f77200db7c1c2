/**
 * A member's file as an Admin reads and records it on the member's page (docs/rules.md#members-file): online
 * only, never kept on the Admin's device (health data stays with the member, their guardians and the server).
 */
import { type Dossier, dossierSchema, type HealthItem, type Licence } from '@common/contract/member-file';
import {
  healthListSchema,
  type LicenceAnswer,
  licenceAnswerSchema,
  type MemberFileAnswer,
  memberFileSchema,
  type StoredHealthItem,
} from '@common/contract/member-file-answers';
import { apiRequest } from './core/api-client';
import { asSent } from './member-file';

export type { Dossier, HealthItem, Licence, LicenceAnswer, MemberFileAnswer, StoredHealthItem };

export interface AdminMemberFile {
  file: MemberFileAnswer;
  dossier: Dossier;
}

/** The member's licences and health items, and the file's state today (club time). */
export async function readMemberFileForAdmin(userId: string): Promise<AdminMemberFile> {
  const [file, dossier] = await Promise.all([
    apiRequest('GET', `/api/user/${userId}/member-file`, { schema: memberFileSchema }),
    apiRequest('GET', `/api/user/${userId}/dossier`, { schema: dossierSchema }),
  ]);
  return { file, dossier };
}

/** Records the member's licence for its season (that season's licence replaced). */
export const recordLicence = (userId: string, licence: Licence): Promise<LicenceAnswer> =>
  apiRequest('PUT', `/api/user/${userId}/licence`, { body: licence, schema: licenceAnswerSchema });

/** Replaces the member's health items with these, as the Admin (the server keeps who recorded each). */
export async function replaceHealthItemsAsAdmin(
  userId: string,
  items: readonly HealthItem[],
): Promise<StoredHealthItem[]> {
  const saved = await apiRequest('PUT', `/api/user/${userId}/health`, {
    body: { items: items.map(asSent) },
    schema: healthListSchema,
  });
  return saved.items;
}
