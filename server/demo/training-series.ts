import { clubDateTime, shiftDay } from '@common/rules/club-time';
import type { TickJob } from './attendance-story';
import { PLACES } from './club';
import type { DemoClient } from './demo-client';

export interface Someone {
  id: string;
  token: string;
  username: string;
}

export interface TrainingSeriesOptions {
  monday: string;
  timeZone: string;
  modelUuid: string;
  stuffUuids: string[];
  organiser: Someone;
  members: Someone[];
}

/** A series the demo's organiser makes at the club: twelve sessions of `from`–`to` on `weekdays` from `firstDay`. */
export async function weeklySeries(
  api: DemoClient,
  options: {
    organiser: Someone;
    firstDay: string;
    from: string;
    to: string;
    weekdays: string[];
    timeZone: string;
    modelUuid: string;
    stuffUuids: string[];
  },
): Promise<{
  uuid_series: string;
  sessions: Array<{ uuid_event: string; start_date: string; end_date: string }>;
}> {
  return api.call(options.organiser.token, 'POST', '/api/event/series', {
    uuid_model_event: options.modelUuid,
    start_date: clubDateTime(options.firstDay, options.from, options.timeZone).toISOString(),
    end_date: clubDateTime(options.firstDay, options.to, options.timeZone).toISOString(),
    ...PLACES.club,
    max_subscribers: 12,
    stuffs_available: options.stuffUuids.map((uuid) => ({ uuid })),
    recurrence: { weekdays: options.weekdays, interval_weeks: 1, count: 12 },
  });
}

/** A series' sessions for the organiser to tick on time, `absent` never coming. */
export const sessionsToTick = (
  sessions: Array<{ uuid_event: string; start_date: string; end_date: string }>,
  organiser: Someone,
  absent: string[],
): TickJob[] =>
  sessions.map((s) => ({
    eventUuid: s.uuid_event,
    organiserToken: organiser.token,
    start: new Date(s.start_date),
    end: new Date(s.end_date),
    mode: 'on_time' as const,
    absent,
  }));

/**
 * The club's weekly training: Tuesday and Thursday 19:00–21:00 at the club, twelve sessions from last
 * week on, ten members subscribed to the whole series at once. Answers its sessions' checklists to tick.
 */
export async function createTrainingSeries(
  api: DemoClient,
  options: TrainingSeriesOptions,
): Promise<{ pastSessions: TickJob[] }> {
  const series = await weeklySeries(api, {
    ...options,
    firstDay: shiftDay(options.monday, -7),
    from: '19:00',
    to: '21:00',
    weekdays: ['TU', 'TH'],
  });
  for (const member of options.members)
    await api.call(member.token, 'PUT', `/api/event/series/${series.uuid_series}/subscribe`, {
      uuid_user: member.id,
      subscribe: true,
    });
  // Someone always misses a training: the sixth member never comes.
  const absent = options.members[5] ? [options.members[5].username] : [];
  return { pastSessions: sessionsToTick(series.sessions, options.organiser, absent) };
}
