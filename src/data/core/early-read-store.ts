/**
 * The reads a page load sends before the app's code has arrived, kept until a screen takes them. Two
 * copies of this module run in a page: the inline script of index.html (app/boot/page-boot.ts, bundled
 * apart) starts the reads while the browser is still downloading the bundle, and the bundle's own copy
 * (early-reads.ts) takes them. They share one map, kept on the page's global object. Nothing else is
 * imported here: this module is part of the inline script, which must stay a few hundred bytes.
 */

/** An answer nobody took this soon is not handed out any more: it may no longer be the server's state. */
const FRESH_FOR_MS = 10_000;

export interface EarlyRead {
  response: Promise<Response>;
  startedAt: number;
  /** Sent by the inline script, which cannot tell the app's connectivity state how it went: not adopted yet. */
  isUntracked: boolean;
}

type Send = (path: string, init: RequestInit) => Promise<Response>;

const GLOBAL_KEY = '__equipeeEarlyReads';
const reads = (): Map<string, EarlyRead> => {
  const page = globalThis as unknown as Record<typeof GLOBAL_KEY, Map<string, EarlyRead> | undefined>;
  page[GLOBAL_KEY] ??= new Map();
  return page[GLOBAL_KEY];
};
const keyOf = (path: string, token: string | null) => `${token ?? ''} ${path}`;

/** Sends a GET now through `send` (with the token, when there is one); the same read again does nothing. */
export function sendEarlyRead(
  path: string,
  token: string | null,
  language: string,
  send: Send,
  isUntracked = false,
): void {
  const key = keyOf(path, token);
  const known = reads().get(key);
  if (known && Date.now() - known.startedAt < FRESH_FOR_MS) return;
  const headers: Record<string, string> = { 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = send(path, { headers });
  // A failure belongs to whoever takes the read; until then it must not surface as unhandled.
  response.catch(() => undefined);
  reads().set(key, { response, startedAt: Date.now(), isUntracked });
}

/**
 * Hands a read the inline script sent to `track` (the bundle's count of requests under way, and what they
 * say of the network), once; its answer stays the same.
 */
export function adoptEarlyRead(
  path: string,
  token: string | null,
  track: (response: Promise<Response>) => Promise<Response>,
): void {
  const read = reads().get(keyOf(path, token));
  if (!read?.isUntracked) return;
  read.response = track(read.response);
  read.response.catch(() => undefined);
  read.isUntracked = false;
}

/** The early read for this GET, at most once; undefined when none was sent or it is too old. */
export function takeStoredRead(path: string, token: string | null): EarlyRead | undefined {
  const key = keyOf(path, token);
  const read = reads().get(key);
  if (!read) return undefined;
  reads().delete(key);
  return Date.now() - read.startedAt < FRESH_FOR_MS ? read : undefined;
}

/**
 * A copy of the early read for this GET, leaving the read itself to be taken as usual; undefined when none
 * was sent or it is too old. The read is handed out only once the copy is made, so whoever takes it may
 * consume its body.
 */
export function copyStoredRead(path: string, token: string | null): Promise<Response> | undefined {
  const read = reads().get(keyOf(path, token));
  if (!read || Date.now() - read.startedAt >= FRESH_FOR_MS) return undefined;
  const original = read.response;
  const copy = original.then((response) => response.clone());
  read.response = copy.then(() => original);
  read.response.catch(() => undefined);
  return copy;
}

/** Drops every read not taken yet (a test's new page). */
export function forgetEarlyReads(): void {
  reads().clear();
}
