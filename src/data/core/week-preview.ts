/**
 * A member's first visit of the week, with nothing cached yet: the week's events as the early read brought
 * them (core/early-reads.ts), shown before the code that parses answers with the contract's schemas (zod,
 * the sync engine: one chunk) has arrived. On a phone's slow network that chunk, fetched beside the bundle,
 * took the bandwidth the week's first paint waited for; now it is fetched once the week is on screen
 * (data/page-start.ts). The sync engine then parses the same answer with the schemas and stores it, and
 * the screen's live query takes over (data/events.ts); the preview is forgotten then.
 *
 * The answer is read from a copy of the early read's response, so the engine still takes the original. It
 * is shown only when it has the shape of a list of events (a failed or odd answer shows nothing until the
 * engine's read, as before).
 */
import type { EventDto } from '@common/contract/event';
import { copyStoredRead } from './early-read-store';

let preview: readonly EventDto[] | undefined;
const listeners = new Set<() => void>();

function setPreview(next: readonly EventDto[] | undefined): void {
  preview = next;
  for (const listener of listeners) listener();
}

export function subscribeWeekPreview(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The events of the early week read, in the order the server sent them; undefined when there is none. */
export function weekPreview(): readonly EventDto[] | undefined {
  return preview;
}

/** The engine stored the week: the cache answers from now on. */
export function forgetWeekPreview(): void {
  if (preview !== undefined) setPreview(undefined);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TEXT_FIELDS = ['uuid_event', 'start_date', 'end_date', 'model_name', 'model_description'] as const;
const LIST_FIELDS = ['stuffs_available', 'subscribers_with_stuff', 'waiting_list', 'invite_list'] as const;

/**
 * What a week row reads without a guard: each event's id, times and words, and its lists. Not the schema's
 * whole check: that is the engine's, before anything is stored.
 */
export function looksLikeEvents(value: unknown): value is EventDto[] {
  return (
    Array.isArray(value) &&
    value.every(
      (event) =>
        isRecord(event) &&
        TEXT_FIELDS.every((field) => typeof event[field] === 'string') &&
        LIST_FIELDS.every((field) => Array.isArray(event[field])) &&
        !Number.isNaN(Date.parse(String(event.start_date))) &&
        !Number.isNaN(Date.parse(String(event.end_date))),
    )
  );
}

/**
 * Shows the early read of `path` as the week's preview once it answers. Settles with whether it was shown:
 * false when no such read was sent, or it failed, or its answer is not a list of events.
 */
export async function previewWeekFromEarlyRead(path: string, token: string): Promise<boolean> {
  const copy = copyStoredRead(path, token);
  if (!copy) return false;
  try {
    const response = await copy;
    if (!response.ok) return false;
    const events: unknown = await response.json();
    if (!looksLikeEvents(events)) return false;
    setPreview(events);
    return true;
  } catch {
    return false;
  }
}
