/**
 * Replays (docs/rules.md#replays): the writes the app may queue offline, and which answers to one of them
 * mean "try again later". The server's batch route (POST /api/replay) runs only these and stops at the first
 * such answer; the app's drain (src/data/core/drain.ts) keeps the write and backs off on the same answers. No
 * zod here: the page's offline-write registry reads the paths before the contract loads.
 */

/** The replayable writes with an exact path. */
export const REPLAYABLE_WRITES = {
  checklist: { method: 'PUT', path: '/api/event/checklist' },
  subscribeStatus: { method: 'PUT', path: '/api/event/subscribe/status' },
  waitingList: { method: 'POST', path: '/api/event/waiting-list' },
  decline: { method: 'PUT', path: '/api/event/decline' },
  walkIn: { method: 'PUT', path: '/api/event/walk-in' },
  /** Kit (docs/rules.md#kit): change my kit, and hand out or take back an item at the venue. */
  kitChange: { method: 'PUT', path: '/api/event/subscribe/stuffs' },
  stuffHandOut: { method: 'PUT', path: '/api/event/checklist/stuff' },
} as const;

/**
 * The replayable writes whose path names a resource: a comment is posted to its event's thread
 * (docs/rules.md#talking-around-an-event). `path` builds the path, `pattern` recognises it.
 */
export const REPLAYABLE_PATTERNS = {
  comment: {
    method: 'POST',
    path: (eventUuid: string) => `/api/event/${eventUuid}/comments`,
    pattern: /^\/api\/event\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/comments$/,
  },
} as const;

export function isReplayableWrite(method: string, path: string): boolean {
  return (
    Object.values(REPLAYABLE_WRITES).some((write) => write.method === method && write.path === path) ||
    Object.values(REPLAYABLE_PATTERNS).some((write) => write.method === method && write.pattern.test(path))
  );
}

/**
 * An answer that is no verdict on the write itself: the server stored nothing (401, 429, 5xx), or the same
 * key is still running elsewhere (409 `request_in_progress`). The write must be sent again, and no later
 * write may go before it. `code` is the error body's code, if any.
 */
export function isRetryLater(status: number, code: string | undefined): boolean {
  return (
    status === 401 || status === 429 || status >= 500 || (status === 409 && code === 'request_in_progress')
  );
}
