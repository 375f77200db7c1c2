/**
 * A click on a notification (docs/rules.md#push), apart from the worker's event so it is tested with a stand-in
 * scope: a button posts its answer link's notification form (the worker holds no session), a short notification
 * says it is recorded; not recorded (offline, or refused), the app opens at the event, where the member sees where
 * they stand and answers there, through the outbox when offline. The body opens the map or the event.
 */
import { answeredOf, type ClickTarget } from './push-message';

/** What of the worker's scope a click uses (ServiceWorkerGlobalScope has it all). */
export interface ClickScope {
  location: { origin: string };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<ReadonlyArray<{ url: string; focus(): Promise<unknown> }>>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
}

/** Long enough for a slow network, short enough that the browser still lets the worker open a window. */
const ANSWER_TIMEOUT_MS = 5_000;

/** Only a page of this app is opened: a URL elsewhere (which the server never sends) opens the home page. */
function appUrl(scope: ClickScope, url: string): string {
  const origin = scope.location.origin;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

async function openApp(scope: ClickScope, href: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === href);
  if (open) {
    await open.focus();
    return;
  }
  await scope.clients.openWindow(href);
}

/** Posts the answer; true once the server says it is recorded (a link posted twice is recorded too). */
async function postAnswer(scope: ClickScope, url: string): Promise<boolean> {
  const target = appUrl(scope, url);
  if (target === `${scope.location.origin}/`) return false;
  try {
    const response = await fetch(target, {
      method: 'POST',
      credentials: 'omit',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** What a click does (clickTarget); `tag` is the clicked notification's, which the confirmation replaces. */
export async function follow(scope: ClickScope, target: ClickTarget, tag: string): Promise<void> {
  // The map is another site's page (an https link, push-message.ts): opened as it is.
  if (target.kind === 'map') {
    await scope.clients.openWindow(target.href);
    return;
  }
  if (target.kind === 'open') {
    await openApp(scope, appUrl(scope, target.href));
    return;
  }
  if (await postAnswer(scope, target.answer.url)) {
    const answered = answeredOf(target.answer, target.eventUrl, tag);
    await scope.registration.showNotification(answered.title, answered.options as NotificationOptions);
    return;
  }
  await openApp(scope, appUrl(scope, target.eventUrl));
}
