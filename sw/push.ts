/**
 * Web push in the service worker: a push from our server becomes a notification (push-message.ts builds it); a
 * click opens the event in the app, or its map; a reminder's « Je viens » / « Je ne viens pas » button answers at
 * once (docs/rules.md#push). The worker holds no session: a button posts the signed answer link the reminder
 * mail would carry, in its notification form (`POST /api/answer/{token}/push`, 204 once recorded, and again if
 * posted twice). Recorded: a short notification says so. Not (offline, or the answer refused): the app opens
 * at the event, where the member sees where they stand and answers there, through the outbox when offline.
 */
import { follow } from './push-answer';
import { clickTarget, maxActionsOf, notificationOf, readPush } from './push-message';

/** Our handlers of the worker's `push` and `notificationclick` events. */
export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event: PushEvent) => {
    let value: unknown = null;
    try {
      value = event.data?.json();
    } catch {
      value = null;
    }
    const shown = notificationOf(readPush(value), maxActionsOf(scope));
    event.waitUntil(scope.registration.showNotification(shown.title, shown.options as NotificationOptions));
  });

  scope.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const target = clickTarget(event.notification.data, event.action ?? '');
    event.waitUntil(follow(scope, target, event.notification.tag));
  });
}
