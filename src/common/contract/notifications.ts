import { z } from './zod';

/**
 * The six notification types, and reminders (docs/rules.md#mails); each name is also an i18n key under
 * `notifications.`.
 */
export const NOTIFICATION_TYPES = [
  'event_cancellation',
  'event_update',
  'subscribe_unsubscribe',
  'stuff_unavailable',
  'user_invitation',
  'weekly_event_list',
  'event_reminder',
  'event_comments',
  'organiser_digest',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** All on by default except the weekly list (beta). */
export const NOTIFICATION_DEFAULTS: Record<NotificationType, boolean> = {
  event_cancellation: true,
  event_update: true,
  subscribe_unsubscribe: true,
  stuff_unavailable: true,
  user_invitation: true,
  weekly_event_list: false,
  event_reminder: true,
  event_comments: true,
  organiser_digest: true,
};

/** `name` and `description` are translation keys; `active` is the switch. */
export const notificationSettingSchema = z.object({
  name: notificationTypeSchema,
  description: z.string(),
  active: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsSchema = z.array(notificationSettingSchema);

/** PUT body: one switch (each toggle saves at once); `user_id`, if sent, must be the path's. */
export const notificationSettingUpdateSchema = z.object({
  user_id: z.string().uuid().optional(),
  setting: z.object({
    name: notificationTypeSchema,
    description: z.string().max(200).optional(),
    active: z.boolean(),
  }),
});
export type NotificationSettingUpdate = z.infer<typeof notificationSettingUpdateSchema>;
