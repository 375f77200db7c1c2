/**
 * Web push on this device, online only: whether this browser can get our pushes, turning them on (the
 * permission is asked only then) and off, and forgetting them on sign-out. The device's subscription lives in
 * the browser (the service worker's PushManager); the server keeps a copy per member to send to.
 */
import { PUSH_PUBLIC_KEY_PATH, PUSH_SUBSCRIPTION_PATH, pushPublicKeySchema } from '@common/contract/push';
import { apiRequest } from './core/api-client';

export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

/** Thrown when the browser could not subscribe (no push service reachable, or none in this browser build). */
export class PushServiceError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PushServiceError';
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, when there is one (none in development, or before the first install). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** What this device is at: read from the browser alone (works offline). */
export async function readPushState(): Promise<PushDeviceState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function bytesOfBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function isSameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, index) => byte === wanted[index]);
}

const sendSubscription = (subscription: PushSubscription) =>
  apiRequest('PUT', PUSH_SUBSCRIPTION_PATH, { body: subscription.toJSON() });

/**
 * Turns pushes on: asks the permission (only here), subscribes with the server's key and stores the
 * subscription on the server. Answers 'denied' when the member refused, 'off' when they dismissed.
 */
export async function turnPushOn(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { public_key } = await apiRequest('GET', PUSH_PUBLIC_KEY_PATH, { schema: pushPublicKeySchema });
  const key = bytesOfBase64url(public_key);
  // No worker registered (a development server): `ready` would never settle.
  if (!(await registration())) throw new PushServiceError('no service worker');
  const ready = await navigator.serviceWorker.ready;
  let subscription = await ready.pushManager.getSubscription();
  // Made with another server key (a new install of the server): it cannot receive our pushes.
  if (subscription && !isSameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (error) {
      throw new PushServiceError(error);
    }
  }
  await sendSubscription(subscription);
  return 'on';
}

/** Turns pushes off: the server forgets this device first (so a failure leaves both as they were). */
export async function turnPushOff(): Promise<PushDeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiRequest('DELETE', PUSH_SUBSCRIPTION_PATH, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * Tells the server again about this device's subscription, when it has one: the server drops a
 * subscription its push service declared gone, and the browser may have renewed it meanwhile.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await sendSubscription(subscription);
}

/**
 * When the session ends here (sign-out, or the server refused the token): this device stops getting the
 * member's pushes at once, even offline, by ending the browser's subscription; its push service then
 * answers 410 to the server, which forgets it. Answers the endpoint, so a sign-out can tell the server
 * too. Best effort: never thrown.
 */
export async function unsubscribeHere(): Promise<string | null> {
  try {
    if (!isPushSupported()) return null;
    const subscription = await currentSubscription();
    if (!subscription) return null;
    await subscription.unsubscribe();
    return subscription.endpoint;
  } catch {
    return null;
  }
}

/** The server forgets `endpoint` now, asked with the token of the session being ended (best effort). */
export async function forgetOnServer(endpoint: string, token: string): Promise<void> {
  await apiRequest('DELETE', PUSH_SUBSCRIPTION_PATH, {
    body: { endpoint },
    isAnonymous: true,
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => undefined);
}
