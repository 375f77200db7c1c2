/** The club-wide notification switches (admin, online only): which mails the club sends at all. */

import {
  type MailSenderFacts,
  mailSenderSchema,
  type TestMailResponse,
  testMailResponseSchema,
} from '@common/contract/email-settings';
import {
  type NotificationSetting,
  type NotificationSettingUpdate,
  notificationSettingsSchema,
} from '@common/contract/notifications';
import { apiRequest } from './core/api-client';

export type { MailSenderFacts, NotificationSetting };

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

/** Who the club's mails come from and where answers go (MAIL_FROM, MAIL_REPLY_TO), as the server sends them. */
export const fetchMailSender = (): Promise<MailSenderFacts> =>
  apiRequest('GET', '/api/internal/email-settings', { schema: mailSenderSchema });

/** A test mail to the Admin's own address through the club's mail queue; answers the address (at most one a minute). */
export const sendTestMail = (): Promise<TestMailResponse> =>
  apiRequest('POST', '/api/internal/email-settings/test', { schema: testMailResponseSchema });
