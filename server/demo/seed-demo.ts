/**
 * Creates (or resets) the demo club in its own data directory, through the API (demo-client.ts) with the
 * app's clock moved as time would have passed: last week's events are created and filled days before
 * they happen, ticked during them — some on time, some "sent offline" (delivered hours after the tick) —
 * and the club reaches today. Never touches the real ./data.
 */

import path from 'node:path';
import { clubDateTime, clubDayOf, shiftDay, weekStart } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { withOwner } from '../db/club-scope/app-role';
import { clubRegistry } from '../db/club-scope/club-registry';
import { runInClub } from '../db/club-scope/current-club';
import { openDatabase } from '../db/connect';
import { DEFAULT_TEMPLATE_DIR } from '../db/pglite-template';
import type { Database } from '../db/schema';
import { writeDueNotices } from '../jobs/due-notices';
import { startMailWorker } from '../mail/mail-worker';
import { createMailTransport } from '../mail/transport';
import { createClub } from '../modules/clubs/create-club';
import { tickPastEvents, ticksOfPlannedEvents } from './attendance-story';
import { callOffEvents } from './called-off';
import {
  DEMO_BRAND,
  DEMO_PASSWORD,
  DEMO_SLOGAN,
  isPrintedAtStart,
  MEMBERS,
  MODELS,
  PLACES,
  STUFFS,
} from './club';
import { demoClubLogoPng } from './club-logo';
import { DemoClient } from './demo-client';
import { claimDemoFolder } from './demo-folder';
import { type PlannedEvent, planEvents } from './event-plan';
import { recordMemberFiles } from './member-files';
import { demoEmail, type Person, welcomePeople } from './people';
import { talkAroundSeaDays } from './threads';
import { createTrainingSeries } from './training-series';
import { createYouthSection } from './youth-section';

export interface DemoAccount {
  username: string;
  role: string;
  name: string;
}

export interface SeedOptions {
  dataDir: string;
  /** Today, for the club's last, this and next week (tests pin it). */
  now?: Date;
  /** How many clubs to seed: the first answers every host, the others clubN.localhost. */
  clubs?: number;
}

const HOUR = 3_600_000;

export async function seedDemo(options: SeedOptions): Promise<DemoAccount[]> {
  const dataDir = path.resolve(options.dataDir);
  claimDemoFolder(dataDir);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '', // the demo's mail goes to files in its directory, never to a real server
    RATE_LIMIT_LOGIN: '100000',
    // Weeks of a club's life written in seconds, most of it by the staff: not a member's pace.
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_SUBSCRIPTION_CHANGES: '100000',
    LOG_LEVEL: 'warn',
  });
  const today = options.now ?? new Date();
  const timeZone = config.clubTimezone;
  const monday = weekStart(clubDayOf(today, timeZone));
  // The story starts ten days before last week's Monday: every event is created and filled then.
  const clock = { now: clubDateTime(shiftDay(monday, -10), '09:00', timeZone) };
  // A reset, and every seed after the first on this machine, starts from a kept migrated cluster.
  const handle = await openDatabase({ dataDir, holder: 'demo', pgliteTemplateDir: DEFAULT_TEMPLATE_DIR });
  const now = () => clock.now;
  const mail = startMailWorker({
    db: handle.db,
    clubs: clubRegistry(handle.db, config),
    now,
    beforeRound: () => writeDueNotices({ db: handle.db, now, config }),
    transport: createMailTransport(config),
    log: { error: () => undefined },
    intervalMs: 0,
  });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, now, mail }, { logStream: false });
  const api = new DemoClient(app);
  try {
    const clubs = clubRegistry(handle.db, config);
    const [first] = await clubs.all();
    const storyStart = clock.now;
    if (!first) throw new Error('The migrations made no club.');
    const accounts = await runInClub(first, () =>
      tellStory({ api, db: handle.db, clock, today, monday, timeZone }),
    );
    // More clubs (demo --clubs N): the same story told again in club2.localhost, club3.localhost…, each
    // isolated from the others; the first club answers club1.localhost (and every other host).
    for (let n = 2; n <= (options.clubs ?? 1); n++) {
      // The registry is the owner's to write, as with create-club.
      const { club } = await withOwner(handle.db, (owner) =>
        createClub(owner, config, {
          name: `Club ${n}`,
          host: `club${n}.localhost`,
          timezone: timeZone,
          username: 'operator',
          email: `operator@club${n}.example`,
          password: DEMO_PASSWORD,
        }),
      );
      clubs.forget();
      clock.now = storyStart;
      await runInClub(club, () => tellStory({ api, db: handle.db, clock, today, monday, timeZone }));
    }
    return accounts;
  } finally {
    await app.close();
    await mail.stop();
    await handle.close();
  }
}

interface StoryContext {
  api: DemoClient;
  db: Kysely<Database>;
  clock: { now: Date };
  today: Date;
  monday: string;
  timeZone: string;
}

/** The club's weeks, written through the API as its people would (inside the club being seeded). */
async function tellStory({ api, db, clock, today, monday, timeZone }: StoryContext): Promise<DemoAccount[]> {
  const people = await welcomePeople(api, db);
  const admin = people.get('yann.legall') as Person;
  await api.call(
    admin.token,
    'PUT',
    `/api/internal/settings?key=slogan&value=${encodeURIComponent(DEMO_SLOGAN)}`,
  );
  // The club wears its own name, colour and logo: the app's title, home-screen icon and mails say it.
  await api.call(admin.token, 'PUT', '/api/internal/club-settings', DEMO_BRAND);
  await api.upload(
    admin.token,
    '/api/internal/settings/logo',
    await demoClubLogoPng(DEMO_BRAND.accent_colour),
    'PUT',
  );

  const models: Record<string, string> = {};
  for (const [key, model] of Object.entries(MODELS))
    models[key] = (await api.call<{ uuid: string }>(admin.token, 'POST', '/api/event/model/add', model)).uuid;
  const stuffs: Record<string, string> = {};
  for (const [key, stuff] of Object.entries(STUFFS))
    stuffs[key] = (
      await api.call<{ uuid: string }>(admin.token, 'POST', '/api/stuff/add', {
        ...stuff,
        is_infinite: false,
      })
    ).uuid;

  const plan = planEvents(monday);
  const created = new Map<PlannedEvent, string>();
  for (const event of plan) {
    const organiser = people.get(event.organiser) as Person;
    const start = clubDateTime(event.day, event.from, timeZone);
    const end = clubDateTime(event.day, event.to, timeZone);
    const saved = await api.call<{ uuid_event: string }>(
      organiser.token,
      'POST',
      '/api/event/add-or-update',
      {
        uuid_model_event: models[event.model],
        start_date: start.toISOString(),
        end_date: end.toISOString(),
        ...PLACES[event.place],
        max_subscribers: event.places,
        stuffs_available: event.stuffs.map((key) => ({ uuid: stuffs[key] })),
      },
    );
    created.set(event, saved.uuid_event);
    for (const [username, kit] of event.subscribers) {
      const person = people.get(username) as Person;
      await api.call(person.token, 'PUT', '/api/event/subscribe/status', {
        uuid_event: saved.uuid_event,
        uuid_user: person.id,
        subscribe: true,
        stuffs: kit.map((key) => stuffs[key]),
      });
    }
    for (const username of event.waiting) {
      const person = people.get(username) as Person;
      await api.call(person.token, 'POST', '/api/event/waiting-list', {
        uuid_event: saved.uuid_event,
        uuid_user: person.id,
      });
    }
    for (const username of event.leaving ?? []) {
      const person = people.get(username) as Person;
      await api.call(person.token, 'PUT', '/api/event/subscribe/status', {
        uuid_event: saved.uuid_event,
        uuid_user: person.id,
        subscribe: false,
      });
    }
    for (const guest of event.guests) {
      const host = people.get(guest.host) as Person;
      await api.call(host.token, 'POST', '/api/event/invite', {
        uuid_event: saved.uuid_event,
        uuid_user: host.id,
        first_name: guest.first_name,
        last_name: guest.last_name,
        ...(guest.age ? { age: guest.age } : {}),
      });
    }
  }

  const series = await createTrainingSeries(api, {
    monday,
    timeZone,
    modelUuid: models.training as string,
    stuffUuids: [stuffs.k1 as string, stuffs.paddle as string],
    organiser: people.get('soazig.tanguy') as Person,
    members: MEMBERS.slice(0, 10).map((m) => people.get(m.username) as Person),
  });

  const youth = await createYouthSection(api, {
    monday,
    today: clubDayOf(today, timeZone),
    timeZone,
    modelUuid: models.youth as string,
    kayakUuid: stuffs.k1 as string,
    organiser: people.get('soazig.tanguy') as Person,
    people,
    emailOf: demoEmail,
  });

  // A day later the Wednesday initiation is called off (the weather).
  clock.now = new Date(clock.now.getTime() + 24 * HOUR);
  const tokenOf = (username: string) => (people.get(username) as Person).token;
  await callOffEvents(api, created, tokenOf, stuffs);

  // Then the past events happen, in order: the organiser ticks at the venue.
  const jobs = ticksOfPlannedEvents(created, tokenOf, timeZone);
  jobs.push(...series.pastSessions, ...youth.pastSessions);
  await tickPastEvents(
    api,
    clock,
    jobs.filter((job) => job.end < today),
  );
  clock.now = today;
  await talkAroundSeaDays(api, clock, created, tokenOf);
  // The members' files at today: every state of the rule is someone's (docs/rules.md#members-file).
  await recordMemberFiles(api, { today: clubDayOf(today, timeZone), people, children: youth.children });

  return [...people.values()].filter(isPrintedAtStart).map((p) => ({
    username: p.username,
    role: p.role,
    name: `${p.first_name} ${p.last_name}`,
  }));
}
