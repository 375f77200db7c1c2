import type { EventDto, ModelStart } from '@common/contract/event';
import { LIMITS } from '@common/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeed, fetchFeed, parseFeed } from '../helpers/calendar';
import {
  createEvent,
  DAY,
  HOUR,
  insertModel,
  insertStuff,
  members,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { createSeries } from '../helpers/series-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * An event's own `title` and `notes` (additive fields), the model's name and description staying the
 * fallback; and what a new event of a model starts from (its last event).
 */
let ctx: TestContext;
let organiser: string;
let member: { id: string; token: string; username: string };
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  await ctx.createUser('erwan', 'Contributor');
  organiser = await ctx.signIn('erwan');
  model = await insertModel(ctx, 'Kayak rivière');
  [member] = (await members(ctx, 'nolwenn', 1)) as [typeof member];
});
afterAll(() => ctx.close());

const readEvent = async (uuid: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/${uuid}`, headers: bearer(organiser) })
  ).json<EventDto>();
const mails = (kind: string) =>
  ctx.db.selectFrom('mail_queue').select(['subject', 'body_text']).where('kind', '=', kind).execute();

describe('an event with its own words', () => {
  it("keeps its title and notes, an older client's save leaves them, an empty string clears them", async () => {
    const event = await createEvent(ctx, organiser, model);
    expect(event.title).toBeNull();
    expect(event.notes).toBeNull();
    const named = await saveEvent(ctx, organiser, model, event, {
      title: '  Sortie mer à Combrit  ',
      notes: 'Rendez-vous à la cale.\nCombinaison obligatoire.',
    });
    expect(named.statusCode).toBe(200);
    expect(named.json<EventDto>()).toMatchObject({
      title: 'Sortie mer à Combrit',
      notes: 'Rendez-vous à la cale.\nCombinaison obligatoire.',
      model_name: 'Kayak rivière',
      model_description: 'Kayak rivière au club',
    });
    // An older client knows neither field: its save keeps them.
    const specSave = await saveEvent(ctx, organiser, model, event, { max_subscribers: 12 });
    expect(specSave.json<EventDto>()).toMatchObject({ title: 'Sortie mer à Combrit', max_subscribers: 12 });
    const cleared = await saveEvent(ctx, organiser, model, event, { title: '', notes: '   ' });
    expect(cleared.json<EventDto>()).toMatchObject({ title: null, notes: null });
  });

  it('refuses a title or notes past their limits, and takes them at the limits', async () => {
    const event = await createEvent(ctx, organiser, model);
    const atLimits = await saveEvent(ctx, organiser, model, event, {
      title: 't'.repeat(LIMITS.eventTitleMax),
      notes: 'n'.repeat(LIMITS.eventNotesMax),
    });
    expect(atLimits.statusCode).toBe(200);
    for (const [field, text] of [
      ['title', 't'.repeat(LIMITS.eventTitleMax + 1)],
      ['notes', 'n'.repeat(LIMITS.eventNotesMax + 1)],
    ] as const) {
      const refused = await saveEvent(ctx, organiser, model, event, { [field]: text });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_input', field });
    }
    expect(await readEvent(event.uuid_event)).toMatchObject({ title: 't'.repeat(LIMITS.eventTitleMax) });
  });

  it('names the event by its title in mails and in the calendar feed, whose sequence moves with it', async () => {
    const event = await createEvent(ctx, organiser, model);
    await saveEvent(ctx, organiser, model, event, { title: 'Descente de l’Odet' });
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);

    const feed = await createFeed(ctx, member.token);
    const before = parseFeed((await fetchFeed(ctx, feed.path)).body).events.find((e) =>
      e.uid.startsWith(event.uuid_event),
    );
    expect(before?.summary).toBe('Descente de l’Odet');
    await saveEvent(ctx, organiser, model, event, { title: 'Descente de l’Odet (marée haute)' });
    const after = parseFeed((await fetchFeed(ctx, feed.path)).body).events.find((e) =>
      e.uid.startsWith(event.uuid_event),
    );
    expect(after?.summary).toBe('Descente de l’Odet (marée haute)');
    expect(after?.sequence).toBe((before?.sequence ?? 0) + 1);

    await ctx.db.deleteFrom('mail_queue').execute();
    await saveEvent(ctx, organiser, model, event, { is_cancelled: true });
    const [cancellation] = await mails('event_cancellation');
    expect(cancellation?.subject).toContain('Descente de l’Odet (marée haute)');
    expect(cancellation?.body_text).not.toContain('Kayak rivière');
  });

  it('gives every session of a new series the title and notes', async () => {
    const start = new Date(ctx.clock.now.getTime() + 2 * DAY);
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
      max_subscribers: 8,
      title: 'Entraînement débutants',
      notes: 'Gilet fourni.',
      recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 3 },
    });
    expect(series.sessions.map((s) => [s.title, s.notes])).toEqual(
      Array(3).fill(['Entraînement débutants', 'Gilet fourni.']),
    );
  });
});

describe('what a new event of a model starts from', () => {
  const startOf = (modelUuid: string, token = organiser) =>
    ctx.app.inject({ method: 'GET', url: `/api/event/model-start/${modelUuid}`, headers: bearer(token) });

  it('is nothing for a model with no event yet', async () => {
    const fresh = await insertModel(ctx, 'Paddle');
    const answer = await startOf(fresh);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ModelStart>()).toEqual({ last: null });
  });

  it("is the model's last event that was not cancelled: place, places, equipment, time and duration", async () => {
    const sea = await insertModel(ctx, 'Sortie mer');
    const boat = await insertStuff(ctx, 'Kayak de mer', 6);
    const first = await createEvent(ctx, organiser, sea, { startInMs: DAY, max: 8 });
    await saveEvent(ctx, organiser, sea, first, { city: 'Bénodet', zip_code: '29950' });
    const last = await createEvent(ctx, organiser, sea, {
      startInMs: 3 * DAY,
      durationMs: 3 * HOUR,
      max: 12,
      stuffs: [boat],
    });
    await saveEvent(ctx, organiser, sea, last, {
      city: 'Combrit',
      zip_code: '29120',
      street: 'Port de Sainte-Marine',
      stuffs_available: [{ uuid: boat }],
    });
    // Later but cancelled: a worse guess than the one that takes place.
    const cancelled = await createEvent(ctx, organiser, sea, { startInMs: 5 * DAY, max: 2 });
    await saveEvent(ctx, organiser, sea, cancelled, { is_cancelled: true, city: 'Loctudy' });

    const answer = (await startOf(sea)).json<ModelStart>();
    const lastStart = new Date((await readEvent(last.uuid_event)).start_date);
    expect(answer.last).toEqual({
      street: 'Port de Sainte-Marine',
      city: 'Combrit',
      zip_code: '29120',
      location: expect.any(String),
      meeting_point: null,
      max_subscribers: 12,
      subscriber_is_infinite: false,
      stuffs_available: [{ uuid: boat }],
      start_time: new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Europe/Paris',
        hour: '2-digit',
        minute: '2-digit',
      }).format(lastStart),
      duration_minutes: 180,
    });
  });

  it('is refused to a member (403) and unknown for a model that does not exist (404)', async () => {
    expect((await startOf(model, member.token)).statusCode).toBe(403);
    expect((await startOf('6f1c3a52-1f7e-4b8e-9a45-3c2d1e0f9a77')).statusCode).toBe(404);
    expect((await startOf('not-a-uuid')).statusCode).toBe(400);
  });
});
