import type { EventDto } from '@common/contract/event';
import type { Series } from '@common/contract/series';
import { clubTimeOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStuff, saveEvent } from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import {
  clearQueuedMails,
  createSeries,
  type Member,
  putSeries,
  queuedMails,
  seriesContext,
  subscribeSeries,
} from '../helpers/series-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// "This session and the following" (docs/rules.md#series): only sessions from the chosen one on, never past
// ones, each checked as a single update, and each member told once, listing the dates.
const ZONE = 'Europe/Paris';
const START = new Date('2027-10-01T08:00:00Z');
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
const p = (i: number) => people[i] as Member;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await seriesContext(ZONE, START.toISOString(), 'Kayak', 'paddler', 3));
});
afterAll(() => ctx.close());

const mails = (kind: string) => queuedMails(ctx, kind);
const allMailKinds = async () =>
  [...new Set((await ctx.db.selectFrom('mail_queue').select('kind').execute()).map((m) => m.kind))].sort();
const clearMail = () => clearQueuedMails(ctx);
const readSeries = async (uuid: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/series/${uuid}`, headers: bearer(organiser) })
  ).json<Series>();
/** What a session looks like to a member, without what the series changes in passing. */
const shape = (s: EventDto) => ({
  time: clubTimeOf(new Date(s.start_date), ZONE),
  end: clubTimeOf(new Date(s.end_date), ZONE),
  city: s.city,
  max: s.max_subscribers,
  cancelled: s.is_cancelled,
  stuffs: s.stuffs_available.map((x) => x.name),
});

/** Six Saturdays 10:00–12:00 from 2 October 2027 (across the last Sunday of October), 2 places. */
async function sixSaturdays(stuffs: string[] = []) {
  const series = await createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: '2027-10-02T10:00:00+02:00',
    end_date: '2027-10-02T12:00:00+02:00',
    max_subscribers: 2,
    city: 'Brest',
    stuffs_available: stuffs.map((uuid) => ({ uuid })),
    recurrence: { weekdays: ['SA'], interval_weeks: 1, count: 6 },
  });
  for (const who of [p(0), p(1), p(2)])
    await subscribeSeries(ctx, who.token, series.uuid_series, { uuid_user: who.id, subscribe: true });
  return series;
}

describe('this session and the following', () => {
  it('changes the chosen session and the later ones, leaves past ones, and tells each member once', async () => {
    const paddle = await insertStuff(ctx, 'Pagaie', 10);
    const series = await sixSaturdays([paddle]);
    // p(2) waits on every session (2 places).
    const sessions = series.sessions;
    // The first two sessions are over.
    ctx.clock.now = new Date('2027-10-10T08:00:00Z');
    try {
      await clearMail();
      const response = await putSeries(ctx, organiser, series.uuid_series, {
        from_uuid_event: sessions[3]?.uuid_event,
        start_time: '09:30',
        duration_minutes: 180,
        city: 'Lorient',
        max_subscribers: 3,
        stuffs_available: [],
      });
      expect(response.statusCode).toBe(200);
      const after = (await readSeries(series.uuid_series)).sessions;
      const old = {
        time: '10:00',
        end: '12:00',
        city: 'Brest',
        max: 2,
        cancelled: false,
        stuffs: ['Pagaie'],
      };
      const changed = { time: '09:30', end: '12:30', city: 'Lorient', max: 3, cancelled: false, stuffs: [] };
      // Sessions 1–2 are past, 3 is upcoming but before the chosen one: none of them moves.
      expect(after.map(shape)).toEqual([old, old, old, changed, changed, changed]);
      // 31 October 2027 changes the clock: 09:30 stays 09:30, so the UTC hour moves.
      expect(after.map((s) => s.start_date.slice(11, 16))).toEqual([
        '08:00',
        '08:00',
        '08:00',
        '07:30',
        '07:30',
        '08:30',
      ]);
      // The fill step ran where places grew: the waiting member is in from the chosen session on.
      expect(after.map((s) => s.subscribers_with_stuff.some((x) => x.id === p(2).id))).toEqual([
        false,
        false,
        false,
        true,
        true,
        true,
      ]);
      // One update per subscriber listing the three dates, no per-session update.
      expect(await mails('event_update')).toEqual([]);
      const updates = await mails('series_update');
      expect(updates.map((m) => m.to_address)).toEqual(['paddler0@example.org', 'paddler1@example.org']);
      for (const mail of updates) {
        expect(mail.subject).toBe('Séances modifiées : Kayak');
        expect(mail.body_text.match(/^• /gm)).toHaveLength(3);
        expect(mail.body_text).toContain('samedi 23/10/2027 09:30');
        expect(mail.body_text).toContain('samedi 06/11/2027 09:30');
        expect(mail.body_text).not.toContain('16/10/2027');
        // The mail links the first session it names.
        expect(mail.body_text).toContain(`/event/${sessions[3]?.uuid_event}`);
      }
      // The promoted member hears once of the three sessions they were moved into (always sent).
      const promoted = await mails('series_promotion');
      expect(promoted.map((m) => m.to_address)).toEqual(['paddler2@example.org']);
      expect(promoted[0]?.body_text.split('\n').filter((line) => line.startsWith('• '))).toHaveLength(3);
      expect(promoted[0]?.body_text).toContain(`/event/${sessions[3]?.uuid_event}`);
      // Three places are not one "Rendre ma place": those are given back in the app.
      expect(promoted[0]?.body_text).not.toContain('.give_back.');
      // Besides, at most the organiser's digest of the promotions (docs/rules.md#talking-around-an-event), which a
      // mail round after 07:00 writes whenever it runs.
      expect((await allMailKinds()).filter((kind) => kind !== 'organiser_digest')).toEqual([
        'series_promotion',
        'series_update',
      ]);
    } finally {
      ctx.clock.now = START;
    }
  });

  it('cancels from a session on with one message per member (subscribers and waiting list), and reactivates', async () => {
    const series = await sixSaturdays();
    await clearMail();
    const from = series.sessions[4]?.uuid_event;
    expect(
      (await putSeries(ctx, organiser, series.uuid_series, { from_uuid_event: from, is_cancelled: true }))
        .statusCode,
    ).toBe(200);
    const after = (await readSeries(series.uuid_series)).sessions;
    expect(after.map((s) => s.is_cancelled)).toEqual([false, false, false, false, true, true]);
    expect(await mails('event_cancellation')).toEqual([]);
    const cancellations = await mails('series_cancellation');
    expect(cancellations.map((m) => m.to_address)).toEqual([
      'paddler0@example.org',
      'paddler1@example.org',
      'paddler2@example.org',
    ]);
    for (const mail of cancellations) {
      expect(mail.body_text.match(/^• /gm)).toHaveLength(2);
      expect(mail.body_text).toContain('samedi 30/10/2027 10:00');
      expect(mail.body_text).toContain('samedi 06/11/2027 10:00');
      expect(mail.body_text).toContain(`/event/${from}`);
    }
    await clearMail();
    const back = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: from,
      is_cancelled: false,
    });
    expect(back.json().sessions.map((s: EventDto) => s.is_cancelled)).toEqual(Array(6).fill(false));
    expect(await allMailKinds()).toEqual([]);
  });

  it('puts the organiser’s word in the one cancellation mail and push each member gets', async () => {
    const series = await sixSaturdays();
    await clearMail();
    await ctx.db.deleteFrom('push_queue').execute();
    await addPushDevice(ctx, p(0).id);
    const cancelled = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[3]?.uuid_event,
      is_cancelled: true,
      cancel_message: 'Bassin en travaux jusqu’en mars.',
    });
    expect(cancelled.statusCode).toBe(200);
    const cancellations = await mails('series_cancellation');
    expect(cancellations).toHaveLength(3);
    for (const mail of cancellations) {
      expect(mail.body_text).toContain("Message de l'organisation :\nBassin en travaux jusqu’en mars.");
      expect(mail.body_text.match(/^• /gm)).toHaveLength(3);
    }
    const pushes = await ctx.db.selectFrom('push_queue').select('payload').execute();
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]?.payload ?? '{}').body).toContain('Bassin en travaux jusqu’en mars.');
    // The device goes with this test: later ones count the pushes of their own devices.
    await ctx.db.deleteFrom('push_subscriptions').where('user_id', '=', p(0).id).execute();
  });

  it('gives the sessions from the chosen one on a title, notes and a co-organiser, and clears the words again', async () => {
    const series = await sixSaturdays();
    const coach = await ctx.createUser(`coach-${series.uuid_series.slice(0, 6)}`, 'Contributor');
    const changed = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[2]?.uuid_event,
      title: "Entraînement d'hiver",
      notes: 'Combinaison obligatoire',
      co_organisers: [coach.id],
    });
    expect(changed.statusCode).toBe(200);
    const words = (s: EventDto) => [s.title ?? null, s.notes ?? null, s.co_organisers ?? []];
    const sessions = (await readSeries(series.uuid_series)).sessions;
    expect(sessions.map(words)).toEqual([
      [null, null, []],
      [null, null, []],
      ...Array(4).fill(["Entraînement d'hiver", 'Combinaison obligatoire', [coach.id]]),
    ]);
    // An emptied title clears it; the notes and co-organisers, not named, stay.
    await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[4]?.uuid_event,
      title: '',
    });
    expect((await readSeries(series.uuid_series)).sessions.slice(2).map(words)).toEqual([
      ["Entraînement d'hiver", 'Combinaison obligatoire', [coach.id]],
      ["Entraînement d'hiver", 'Combinaison obligatoire', [coach.id]],
      [null, 'Combinaison obligatoire', [coach.id]],
      [null, 'Combinaison obligatoire', [coach.id]],
    ]);
  });

  it("keeps a session's own edit (and its uuid_series) except for the fields a later series change names", async () => {
    const series = await sixSaturdays();
    const fourth = series.sessions[3] as EventDto;
    const alone = await saveEvent(ctx, organiser, model, fourth as unknown as Record<string, unknown>, {
      city: 'Vannes',
      start_date: new Date(new Date(fourth.start_date).getTime() + 3_600_000).toISOString(),
      end_date: new Date(new Date(fourth.end_date).getTime() + 3_600_000).toISOString(),
    });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().uuid_series).toBe(series.uuid_series);
    await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[2]?.uuid_event,
      max_subscribers: 4,
    });
    const after = (await readSeries(series.uuid_series)).sessions.map(shape);
    expect(after[3]).toEqual({
      time: '11:00',
      end: '13:00',
      city: 'Vannes',
      max: 4,
      cancelled: false,
      stuffs: [],
    });
    expect(after[4]).toMatchObject({ time: '10:00', city: 'Brest', max: 4 });
    await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[2]?.uuid_event,
      city: 'Quimper',
      start_time: '10:15',
    });
    const last = (await readSeries(series.uuid_series)).sessions.map(shape);
    // The session edited alone keeps its length (2 h) but takes the named time and city.
    expect(last[3]).toEqual({
      time: '10:15',
      end: '12:15',
      city: 'Quimper',
      max: 4,
      cancelled: false,
      stuffs: [],
    });
  });

  it('tells a holder of a removed stuff once, and pushes at most once per member', async () => {
    const paddle = await insertStuff(ctx, 'Pagaie carbone', 10);
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2027-10-02T10:00:00+02:00',
      end_date: '2027-10-02T12:00:00+02:00',
      max_subscribers: 5,
      stuffs_available: [{ uuid: paddle }],
      recurrence: { weekdays: ['SA'], interval_weeks: 1, count: 4 },
    });
    await subscribeSeries(ctx, p(0).token, series.uuid_series, {
      uuid_user: p(0).id,
      subscribe: true,
      uuid_stuff: paddle,
    });
    await subscribeSeries(ctx, p(1).token, series.uuid_series, { uuid_user: p(1).id, subscribe: true });
    for (const who of [p(0), p(1)])
      await ctx.db
        .insertInto('push_subscriptions')
        .values({
          id: crypto.randomUUID(),
          user_id: who.id,
          endpoint: `https://push.example.org/${who.username}`,
          p256dh: 'key',
          auth: 'auth',
          user_agent: null,
          created_at: ctx.clock.now,
        })
        .execute();
    await clearMail();
    await ctx.db.deleteFrom('push_queue').execute();
    const response = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[1]?.uuid_event,
      stuffs_available: [],
      city: 'Lorient',
    });
    expect(response.statusCode).toBe(200);
    // The holder keeps each place, on their own equipment.
    expect(
      response
        .json()
        .sessions.map((s: EventDto) => s.subscribers_with_stuff.find((x) => x.id === p(0).id)?.uuid_stuff),
    ).toEqual([paddle, null, null, null]);
    expect(await mails('stuff_unavailable')).toEqual([]);
    const removed = await mails('series_stuff_unavailable');
    expect(removed.map((m) => m.to_address)).toEqual(['paddler0@example.org']);
    expect(removed[0]?.body_text.match(/^• .*« Pagaie carbone »$/gm)).toHaveLength(3);
    expect((await mails('series_update')).map((m) => m.to_address)).toEqual([
      'paddler0@example.org',
      'paddler1@example.org',
    ]);
    // A new place: one push per member's device, naming the first session and how many more.
    const pushes = await ctx.db.selectFrom('push_queue').select('payload').execute();
    expect(pushes).toHaveLength(2);
    expect(JSON.parse(pushes[0]?.payload ?? '{}').body).toContain('et 2 autres séances');
  });

  it('tells a member whose guest held a removed stuff, naming the guest on each session', async () => {
    const kayak = await insertStuff(ctx, 'Kayak de mer', 10);
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2027-10-02T10:00:00+02:00',
      end_date: '2027-10-02T12:00:00+02:00',
      max_subscribers: 5,
      stuffs_available: [{ uuid: kayak }],
      recurrence: { weekdays: ['SA'], interval_weeks: 1, count: 3 },
    });
    await subscribeSeries(ctx, p(1).token, series.uuid_series, { uuid_user: p(1).id, subscribe: true });
    for (const session of series.sessions.slice(1)) {
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/event/invite',
        headers: bearer(p(1).token),
        payload: {
          uuid_event: session.uuid_event,
          uuid_user: p(1).id,
          first_name: 'Léa',
          last_name: 'Invitée',
          uuid_stuff: kayak,
        },
      });
      expect(invited.statusCode).toBe(200);
    }
    await clearMail();

    const response = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[0]?.uuid_event,
      stuffs_available: [],
    });

    expect(response.statusCode).toBe(200);
    const removed = await mails('series_stuff_unavailable');
    expect(removed.map((m) => m.to_address)).toEqual(['paddler1@example.org']);
    expect(removed[0]?.body_text.match(/^• .*« Kayak de mer », pris pour Léa Invitée$/gm)).toHaveLength(2);
  });

  it('refuses a past chosen session (409 event_past) and changes nothing', async () => {
    const series = await sixSaturdays();
    ctx.clock.now = new Date('2027-10-03T08:00:00Z');
    try {
      const before = (await readSeries(series.uuid_series)).sessions;
      const response = await putSeries(ctx, organiser, series.uuid_series, {
        from_uuid_event: series.sessions[0]?.uuid_event,
        city: 'Lorient',
      });
      expect([response.statusCode, response.json().code]).toEqual([409, 'event_past']);
      expect((await readSeries(series.uuid_series)).sessions).toEqual(before);
    } finally {
      ctx.clock.now = START;
    }
  });
});
