import { shiftDay } from '@common/rules/club-time';
import { seasonOf } from '@common/rules/consents';
import type { TickJob } from './attendance-story';
import { FAMILIES } from './club';
import type { DemoClient } from './demo-client';
import { type Someone, sessionsToTick, weeklySeries } from './training-series';

export interface YouthSectionOptions {
  monday: string;
  /** The club day the demo reaches: the children's ages are counted to it. */
  today: string;
  timeZone: string;
  modelUuid: string;
  kayakUuid: string;
  organiser: Someone;
  people: ReadonlyMap<string, Someone>;
  emailOf: (username: string) => string;
}

/** `yyyy-mm-dd`, `age` years and a month before `day`. */
const bornAged = (day: string, age: number) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return shiftDay(`${year - age}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`, -30);
};

/**
 * The youth section (docs/rules.md#families): each family's first parent adds their children (no login of their
 * own) and links the other parent; the « École de pagaie » runs on Wednesdays 14:00–16:00 at the club, twelve
 * sessions from last week on, every child subscribed by a parent to the whole series with a kayak; the first
 * family gives this season's consents. Answers the sessions to tick, and each child with the parent who added
 * them.
 */
export async function createYouthSection(
  api: DemoClient,
  options: YouthSectionOptions,
): Promise<{ pastSessions: TickJob[]; children: Array<{ id: string; guardian: string }> }> {
  const series = await weeklySeries(api, {
    ...options,
    firstDay: shiftDay(options.monday, -5), // last week's Wednesday
    from: '14:00',
    to: '16:00',
    weekdays: ['WE'],
    stuffUuids: [options.kayakUuid],
  });
  const children: Array<{ id: string; guardian: string }> = [];
  for (const [index, family] of FAMILIES.entries()) {
    const [first, ...others] = family.guardians.map((username) => options.people.get(username) as Someone);
    if (!first) continue;
    for (const child of family.children) {
      const made = await api.call<{ id: string }>(first.token, 'POST', '/api/family/children', {
        first_name: child.first_name,
        last_name: child.last_name,
        birth_date: bornAged(options.today, child.age),
      });
      children.push({ id: made.id, guardian: first.username });
      for (const other of others) {
        await api.call(first.token, 'POST', `/api/user/${made.id}/guardians`, {
          email: options.emailOf(other.username),
        });
      }
      await api.call(first.token, 'PUT', `/api/event/series/${series.uuid_series}/subscribe`, {
        uuid_user: made.id,
        subscribe: true,
        uuid_stuff: options.kayakUuid,
      });
      if (index === 0) {
        await api.call(first.token, 'PUT', `/api/user/${made.id}/consents`, {
          season: seasonOf(options.today),
          practice: true,
          transport: true,
          emergency_care: true,
        });
      }
    }
  }
  return { pastSessions: sessionsToTick(series.sessions, options.organiser, []), children };
}
