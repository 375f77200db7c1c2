/**
 * What the service worker makes of a push, as plain functions (push.ts wires them to the worker's events). The
 * payload is the server's JSON (src/common/contract/push.ts), read without zod to keep the worker small; a field
 * that does not read as expected is left out, never a reason to show nothing (docs/rules.md#push).
 */

/** A reminder's answer button: the link it posts (a path of this app) and what is said once it is recorded. */
export interface PushAnswer {
  action: string;
  title: string;
  url: string;
  done: string;
}

export interface ShownPush {
  title: string;
  body: string;
  url: string;
  tag: string;
  actions: PushAnswer[];
  /** An https maps link: a click on the body opens it when the answers are on buttons. */
  mapUrl: string | null;
}

/** What the notification keeps for its click: a push without a map or buttons keeps its `url` alone. */
export interface PushData {
  url: string;
  mapUrl?: string;
  /** The answers, when they were shown as buttons. */
  answers?: PushAnswer[];
}

/** Options of showNotification, with the `actions` the DOM typings leave out. */
export interface ShownOptions {
  body: string;
  tag?: string;
  icon: string;
  badge: string;
  data: PushData;
  actions?: Array<{ action: string; title: string }>;
}

export const ICON = '/icons/icon-192.png';
const FALLBACK: ShownPush = { title: 'Équipée', body: '', url: '/', tag: '', actions: [], mapUrl: null };
const isText = (value: unknown): value is string => typeof value === 'string';

function readAnswer(value: unknown): PushAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { action, title, url, done } = value as Record<string, unknown>;
  if (!isText(action) || !isText(title) || !isText(url) || !isText(done)) return null;
  return { action, title, url, done };
}

function readMapUrl(value: unknown): string | null {
  if (!isText(value)) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** The push as shown; one we cannot read still shows something (userVisibleOnly: every push must). */
export function readPush(value: unknown): ShownPush {
  if (typeof value !== 'object' || value === null) return FALLBACK;
  const { title, body, url, tag, actions, map_url } = value as Record<string, unknown>;
  if (!isText(title) || !isText(body)) return FALLBACK;
  return {
    title,
    body,
    url: isText(url) ? url : '/',
    tag: isText(tag) ? tag : '',
    actions: Array.isArray(actions)
      ? actions.map(readAnswer).filter((answer): answer is PushAnswer => answer !== null)
      : [],
    mapUrl: readMapUrl(map_url),
  };
}

/** How many buttons a notification shows here: `Notification.maxActions` of the scope, none where it is absent. */
export function maxActionsOf(scope: unknown): number {
  const notification = (scope as { Notification?: { maxActions?: unknown } } | null)?.Notification;
  const max = notification?.maxActions;
  return typeof max === 'number' ? max : 0;
}

/**
 * The notification: the answers as buttons only where the platform shows as many as there are
 * (`Notification.maxActions`; 0 or unknown where it has none, as on iOS), else none, and the body's click opens
 * the event, where the member answers in the app.
 */
export function notificationOf(
  push: ShownPush,
  maxActions: number,
): { title: string; options: ShownOptions } {
  const answers = push.actions.length > 0 && maxActions >= push.actions.length ? push.actions : [];
  return {
    title: push.title,
    options: {
      body: push.body,
      ...(push.tag ? { tag: push.tag } : {}),
      icon: ICON,
      badge: ICON,
      data: {
        url: push.url,
        ...(push.mapUrl ? { mapUrl: push.mapUrl } : {}),
        ...(answers.length > 0 ? { answers } : {}),
      },
      ...(answers.length > 0 ? { actions: answers.map(({ action, title }) => ({ action, title })) } : {}),
    },
  };
}

export type ClickTarget =
  | { kind: 'open'; href: string }
  | { kind: 'map'; href: string }
  | { kind: 'answer'; answer: PushAnswer; eventUrl: string };

/**
 * What a click does: a button posts its answer; the body opens the map when the event has an address and its
 * answers are on buttons (they are where the member answers), else the event in the app. `data` is whatever
 * the notification holds (one shown by an older worker holds only `url`).
 */
export function clickTarget(data: unknown, action: string): ClickTarget {
  const held = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const url = isText(held.url) ? held.url : '/';
  const answers = Array.isArray(held.answers)
    ? held.answers.map(readAnswer).filter((answer): answer is PushAnswer => answer !== null)
    : [];
  const answer = action ? answers.find((a) => a.action === action) : undefined;
  if (answer) return { kind: 'answer', answer, eventUrl: url };
  const mapUrl = readMapUrl(held.mapUrl);
  if (!action && mapUrl && answers.length > 0) return { kind: 'map', href: mapUrl };
  return { kind: 'open', href: url };
}

/** The short notification once an answer is recorded: it replaces the reminder, a click opens the event. */
export function answeredOf(
  answer: PushAnswer,
  eventUrl: string,
  tag: string,
): { title: string; options: ShownOptions } {
  return {
    title: answer.done,
    options: {
      body: '',
      ...(tag ? { tag } : {}),
      icon: ICON,
      badge: ICON,
      data: { url: eventUrl },
    },
  };
}
