import { clubDateTime } from '@common/rules/club-time';
import type { DemoClient } from './demo-client';
import type { PlannedEvent } from './event-plan';
import { handOutKit, type KitEvent } from './kit-story';

/** A past event's checklist as the organiser filled it at the venue. */
export interface TickJob {
  eventUuid: string;
  organiserToken: string;
  start: Date;
  end: Date;
  /** On time: ticked and received at once; offline: delivered on the way home, long after the ticks. */
  mode: 'on_time' | 'offline';
  /** Usernames of subscribers who did not come. */
  absent: string[];
  /** When set, the kit is handed out at the venue and taken back, but for this member's paddle. */
  paddleNotReturned?: string;
}

const MINUTE = 60_000;

/**
 * Replays the club's past checklists in order of time, moving the app's clock: each tick carries its
 * device time (10 minutes into the event) and reaches the server then, or 50 minutes after the end when
 * the phone had no signal — which the checklist then shows as "sent offline, received …".
 */
export async function tickPastEvents(api: DemoClient, clock: { now: Date }, jobs: TickJob[]): Promise<void> {
  for (const job of [...jobs].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const ticked = new Date(job.start.getTime() + 10 * MINUTE);
    clock.now = job.mode === 'offline' ? new Date(job.end.getTime() + 50 * MINUTE) : ticked;
    const event = await api.call<KitEvent>(job.organiserToken, 'GET', `/api/event/${job.eventUuid}`);
    const rows = [
      ...event.subscribers_with_stuff
        .filter((s) => !job.absent.includes(s.username))
        .map((s) => ({ is_invited: false, user_id: s.id as string | number })),
      ...event.invite_list.map((g) => ({ is_invited: true, user_id: g.id as string | number })),
    ];
    for (const row of rows)
      await api.call(job.organiserToken, 'PUT', '/api/event/checklist', {
        event_uuid: job.eventUuid,
        ...row,
        is_checked: true,
        checked_at: ticked.toISOString(),
      });
    if (job.paddleNotReturned !== undefined) await handOutKit(api, clock, job, event, ticked);
  }
}

/** The planned events that have ticks, as jobs for their organisers, at their club times. */
export function ticksOfPlannedEvents(
  created: ReadonlyMap<PlannedEvent, string>,
  tokenOf: (username: string) => string,
  timeZone: string,
): TickJob[] {
  return [...created].flatMap(([event, eventUuid]) =>
    event.ticks
      ? [
          {
            eventUuid,
            organiserToken: tokenOf(event.organiser),
            start: clubDateTime(event.day, event.from, timeZone),
            end: clubDateTime(event.day, event.to, timeZone),
            mode: event.ticks,
            absent: event.absent,
            ...(event.paddleNotReturned ? { paddleNotReturned: event.paddleNotReturned } : {}),
          },
        ]
      : [],
  );
}
