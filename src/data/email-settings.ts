/** The club-wide notification switches (admin, online only): which mails the club sends at all. */
import {
  type NotificationSetting,
  type NotificationSettingUpdate,
  notificationSettingsSchema,
} from '@common/contract/notifications';
import { apiRequest } from './core/api-client';

export type { NotificationSetting };

/** The path names the admin asking; the switches are the club's. */
export const fetchSystemEmailSettings = (adminId: string): Promise<NotificationSetting[]> =>
  apiRequest('GET', `/api/user/system/settings/${adminId}`, { schema: notificationSettingsSchema });

/** One switch, saved at once; answers the whole list as the server now holds it. */
export const saveSystemEmailSetting = (
  adminId: string,
  setting: NotificationSettingUpdate['setting'],
): Promise<NotificationSetting[]> =>
  apiRequest('PUT', `/api/user/system/settings/${adminId}`, {
    body: { setting } satisfies NotificationSettingUpdate,
    schema: notificationSettingsSchema,
  });
