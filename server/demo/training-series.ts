import { clubDateTime, shiftDay } from '@common/rules/club-time';
import type { TickJob } from './attendance-story';
import { PLACES } from './club';
import type { DemoClient } from './demo-client';

interface Someone {
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

/**
 * The club's weekly training: Tuesday and Thursday 19:00–21:00 at the club, twelve sessions from last
 * week on, ten members subscribed to the whole series at once. Answers its sessions' checklists to tick.
 */
export async function createTrainingSeries(
  api: DemoClient,
  options: TrainingSeriesOptions,
): Promise<{ pastSessions: TickJob[] }> {
  const firstDay = shiftDay(options.monday, -7);
  const series = await api.call<{
    uuid_series: string;
    sessions: Array<{ uuid_event: string; start_date: string; end_date: string }>;
  }>(options.organiser.token, 'POST', '/api/event/series', {
    uuid_model_event: options.modelUuid,
    start_date: clubDateTime(firstDay, '19:00', options.timeZone).toISOString(),
    end_date: clubDateTime(firstDay, '21:00', options.timeZone).toISOString(),
    ...PLACES.club,
    max_subscribers: 12,
    stuffs_available: options.stuffUuids.map((uuid) => ({ uuid })),
    recurrence: { weekdays: ['TU', 'TH'], interval_weeks: 1, count: 12 },
  });
  for (const member of options.members)
    await api.call(member.token, 'PUT', `/api/event/series/${series.uuid_series}/subscribe`, {
      uuid_user: member.id,
      subscribe: true,
    });
  // Someone always misses a training: the sixth member never comes.
  const absent = options.members[5] ? [options.members[5].username] : [];
  return {
    pastSessions: series.sessions.map((s) => ({
      eventUuid: s.uuid_event,
      organiserToken: options.organiser.token,
      start: new Date(s.start_date),
      end: new Date(s.end_date),
      mode: 'on_time' as const,
      absent,
    })),
  };
}
