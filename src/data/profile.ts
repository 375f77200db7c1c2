/** The member's own profile: save, picture, password-reset request, notification preferences (online only). */
import {
  type NotificationSetting,
  type NotificationSettingUpdate,
  notificationSettingsSchema,
} from '@common/contract/notifications';
import { type User, userSchema } from '@common/contract/user';
import {
  type AccountDeletion,
  type EmailChange,
  type PasswordChange,
  type ProfileUpdate,
  pictureResponseSchema,
} from '@common/contract/users';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { clearCachedData } from './core/session-mirror';
import { downloadFile } from './downloads';

/** The answer is the updated user (the caller makes it the current user). */
export const saveProfile = (userId: string, update: ProfileUpdate): Promise<User> =>
  apiRequest('PUT', `/api/user/profile/update/${userId}`, { body: update, schema: userSchema });

/** Sends the picture as `{userId}.png` (docs/rules.md#files); answers the new thumbnail's URL. */
export async function uploadPicture(userId: string, file: Blob): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, `${userId}.png`);
  const answer = await apiRequest('POST', '/api/user/profile/picture', {
    formData,
    schema: pictureResponseSchema,
  });
  return answer.thumbnail_url;
}

/** Asks for a reset link by mail for this address (`{Ask:{email}}`). */
export const askPasswordReset = (email: string): Promise<void> =>
  apiRequest('POST', '/api/user/reset', { body: { Ask: { email } } });

export const fetchPreferences = (userId: string): Promise<NotificationSetting[]> =>
  apiRequest('GET', `/api/user/preference/${userId}`, { schema: notificationSettingsSchema });

/** One switch, saved at once; answers the whole list as the server now holds it. */
export const savePreference = (
  userId: string,
  setting: NotificationSettingUpdate['setting'],
): Promise<NotificationSetting[]> =>
  apiRequest('PUT', `/api/user/preference/${userId}`, {
    body: { user_id: userId, setting } satisfies NotificationSettingUpdate,
    schema: notificationSettingsSchema,
  });

/** The member's data as the server keeps it, saved by the browser as a JSON file. */
/** The member's data as one JSON file; `fileName` as the server names it (docs/rules.md#file-names). */
export const downloadMemberData = (userId: string, fileName: string): Promise<void> =>
  downloadFile(`/api/user/export/${userId}`, fileName);

/** The same data as a page a person reads (headings and tables), saved as an HTML file. */
export const downloadMemberDataPage = (userId: string, fileName: string): Promise<void> =>
  downloadFile(`/api/user/export/${userId}/page.html`, fileName);

/**
 * Deletes the member's own account for good, confirmed with their password, then forgets it on this device:
 * its cached data and the writes it still held, which the server would refuse now (the member saw how many
 * before confirming). The caller ends the session.
 */
export async function deleteMyAccount(userId: string, password: string): Promise<void> {
  await apiRequest('DELETE', `/api/user/${userId}`, {
    body: { password } satisfies AccountDeletion,
    isPasswordPrompt: true,
  });
  const db = appDb();
  await db.outbox.where('userId').equals(userId).delete();
  await clearCachedData(db);
}

/** A new address for the member's own account, confirmed with the password; answers the user. */
export const changeMyEmail = (userId: string, email: string, password: string): Promise<User> =>
  apiRequest('PUT', `/api/user/email/${userId}`, {
    body: { email, password } satisfies EmailChange,
    schema: userSchema,
    isPasswordPrompt: true,
  });

/** A new password for the member's own account, confirmed with the current one; other devices sign out. */
export async function changeMyPassword(userId: string, password: string, newPassword: string): Promise<void> {
  await apiRequest('PUT', `/api/user/password/${userId}`, {
    body: { password, new_password: newPassword } satisfies PasswordChange,
    isPasswordPrompt: true,
  });
}
