/**
 * The reads a page load needs, sent as soon as the first script runs, before React has rendered and before
 * the lazy chunks that parse the answers (zod, the sync engine) have arrived: on a phone's slow network
 * they then travel together instead of one after the other. Each answer is handed once to the first
 * api-client GET of the same path with the same token; any later read goes to the network as usual.
 */
import { trackedFetch } from './connectivity';

/** An answer nobody took this soon is not handed out any more: it may no longer be the server's state. */
const FRESH_FOR_MS = 10_000;

interface EarlyRead {
  response: Promise<Response>;
  startedAt: number;
}

const reads = new Map<string, EarlyRead>();
const keyOf = (path: string, token: string | null) => `${token ?? ''} ${path}`;

/** Sends a GET now (with the token, when there is one); a second call for the same read does nothing. */
export function startEarlyRead(path: string, token: string | null, language: string): void {
  const key = keyOf(path, token);
  const known = reads.get(key);
  if (known && Date.now() - known.startedAt < FRESH_FOR_MS) return;
  const headers: Record<string, string> = { 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = trackedFetch(path, { headers });
  // A failure belongs to whoever takes the read; until then it must not surface as unhandled.
  response.catch(() => undefined);
  reads.set(key, { response, startedAt: Date.now() });
}

/** The early answer for this GET, at most once; undefined when none was sent or it is too old. */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  const key = keyOf(path, token);
  const read = reads.get(key);
  if (!read) return undefined;
  reads.delete(key);
  return Date.now() - read.startedAt < FRESH_FOR_MS ? read.response : undefined;
}
