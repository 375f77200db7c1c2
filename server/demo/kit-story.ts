import type { DemoClient } from './demo-client';

/** What the kit's hand-out reads of a past event, as its organiser reads it. */
export interface KitEvent {
  subscribers_with_stuff: Array<{ id: string; username: string; stuffs?: string[] }>;
  invite_list: Array<{ id: number; stuffs?: string[] }>;
  stuffs_available: Array<{ uuid: string; name: string }>;
}

const MINUTE = 60_000;

/**
 * The kit at the venue (docs/rules.md#kit): the organiser hands each booked item to those who came as they tick them,
 * and takes it all back after the outing, but for one member's paddle, which « Matériel non rendu » then lists.
 */
export async function handOutKit(
  api: DemoClient,
  clock: { now: Date },
  job: { eventUuid: string; organiserToken: string; end: Date; absent: string[]; paddleNotReturned?: string },
  event: KitEvent,
  handedAt: Date,
): Promise<void> {
  const paddle = event.stuffs_available.find((s) => s.name === 'Pagaie double')?.uuid;
  const holders = event.subscribers_with_stuff
    .filter((s) => !job.absent.includes(s.username))
    .map((s) => ({
      is_invited: false,
      user_id: s.id as string | number,
      username: s.username,
      stuffs: s.stuffs ?? [],
    }));
  const write = (holder: (typeof holders)[number], uuidStuff: string, state: object, at: Date) =>
    api.call(job.organiserToken, 'PUT', '/api/event/checklist/stuff', {
      event_uuid: job.eventUuid,
      is_invited: holder.is_invited,
      user_id: holder.user_id,
      uuid_stuff: uuidStuff,
      ...state,
      checked_at: at.toISOString(),
    });
  for (const holder of holders)
    for (const uuid of holder.stuffs) await write(holder, uuid, { handed_out: true }, handedAt);
  const back = new Date(job.end.getTime() + 10 * MINUTE);
  clock.now = back;
  for (const holder of holders)
    for (const uuid of holder.stuffs)
      if (!(holder.username === job.paddleNotReturned && uuid === paddle))
        await write(holder, uuid, { returned: true }, back);
}
