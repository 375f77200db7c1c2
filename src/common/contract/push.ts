import { z } from './zod';

/** Web push (docs/rules.md#push): the signed-in member's own devices. */
export const PUSH_PUBLIC_KEY_PATH = '/api/push/public-key';
export const PUSH_SUBSCRIPTION_PATH = '/api/push/subscription';

/** Answer of `GET /api/push/public-key`: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export const pushPublicKeySchema = z.object({ public_key: z.string() });

// base64url, as PushSubscription.toJSON() writes the keys: a P-256 point (65 bytes) and a 16-byte secret.
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, {
      message: `must be ${bytes} bytes in base64url`,
    });

/** Body of `PUT /api/push/subscription`: the browser's PushSubscription JSON (other members ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** Body of `DELETE /api/push/subscription`. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2048) });

/** The answers a reminder offers as notification actions (docs/rules.md#push). */
export const PUSH_ANSWERS = ['come', 'decline'] as const;

/** One of a notification's buttons: an answer the service worker posts, as the mail's link does. */
export const pushActionSchema = z.object({
  action: z.enum(PUSH_ANSWERS),
  /** The button's label, in the recipient's language. */
  title: z.string(),
  /** The answer link's form for a notification (`POST /api/answer/{token}/push`, no session): a path. */
  url: z.string(),
  /** What the short notification says once the answer is recorded. */
  done: z.string(),
});
export type PushAction = z.infer<typeof pushActionSchema>;

/** What the service worker receives in a push (JSON): shown as is, `url` opened on a click. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a click goes: a path of this app (the event's week, `/?week=yyyy-mm-dd`). */
  url: z.string(),
  /** A later push with the same tag replaces the notification instead of adding one. */
  tag: z.string(),
  /** A reminder's answers (additive): shown as buttons where the platform has them. */
  actions: z.array(pushActionSchema).max(PUSH_ANSWERS.length).optional(),
  /** A reminder of an event with an address (additive): an https maps link, opened by a click on the body. */
  map_url: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
