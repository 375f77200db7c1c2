/**
 * Web push in the service worker: a push from our server becomes a notification; a click opens the event's
 * week in the app. The payload is the server's JSON `{ title, body, url, tag }`
 * (src/common/contract/push.ts), read without zod to keep the worker small.
 */

interface ShownPush {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const ICON = '/icons/icon-192.png';

function readPush(data: PushMessageData | null): ShownPush | null {
  try {
    const value = data?.json() as Record<string, unknown> | undefined;
    if (!value) return null;
    const { title, body, url, tag } = value;
    if (typeof title !== 'string' || typeof body !== 'string') return null;
    return {
      title,
      body,
      url: typeof url === 'string' ? url : '/',
      tag: typeof tag === 'string' ? tag : '',
    };
  } catch {
    return null;
  }
}

/** Only a page of this app is opened: a URL elsewhere (which the server never sends) opens the home page. */
function appUrl(scope: ServiceWorkerGlobalScope, url: unknown): string {
  const origin = scope.location.origin;
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

async function openApp(scope: ServiceWorkerGlobalScope, href: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === href);
  if (open) {
    await open.focus();
    return;
  }
  await scope.clients.openWindow(href);
}

export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event: PushEvent) => {
    const push = readPush(event.data);
    // userVisibleOnly: every push must show something, even one we cannot read.
    const shown = push ?? { title: 'Équipée', body: '', url: '/', tag: '' };
    event.waitUntil(
      scope.registration.showNotification(shown.title, {
        body: shown.body,
        ...(shown.tag ? { tag: shown.tag } : {}),
        icon: ICON,
        badge: ICON,
        data: { url: shown.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openApp(scope, appUrl(scope, data?.url)));
  });
}
