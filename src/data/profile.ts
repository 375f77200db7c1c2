/** The member's own profile: save, picture, password-reset request, notification preferences (online only). */
import {
  type NotificationSetting,
  type NotificationSettingUpdate,
  notificationSettingsSchema,
} from '../common/contract/notifications';
import { type User, userSchema } from '../common/contract/user';
import { type ProfileUpdate, pictureResponseSchema } from '../common/contract/users';
import { apiRequest } from './core/api-client';
import { downloadFile } from './downloads';

/** The answer is the updated user (the caller makes it the current user). */
export const saveProfile = (userId: string, update: ProfileUpdate): Promise<User> =>
  apiRequest('PUT', `/api/user/profile/update/${userId}`, { body: update, schema: userSchema });

/** Sends the picture as `{userId}.png` (product-spec §7); answers the new thumbnail's URL. */
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

/** The member's data as the server keeps it (issue 29), saved by the browser as a JSON file. */
export const downloadMemberData = (userId: string): Promise<void> =>
  downloadFile(`/api/user/export/${userId}`, 'equipee-data.json');
