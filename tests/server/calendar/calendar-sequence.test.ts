import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEventWith } from '../helpers/calendar';
import { createEvent, DAY, HOUR, insertModel, insertStuff } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Calendar apps update an event only when its SEQUENCE goes up: every change the feed shows must raise
// events.sequence by one, in the same write, whatever path makes it; nothing else may.
let ctx: TestContext;
let organiser: string;
let model: string;
let otherModel: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx, 'Kayak');
  otherModel = await insertModel(ctx, 'Paddle');
});
afterAll(() => ctx.close());

async function sequenceOf(uuid: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('events')
    .select('sequence')
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return row.sequence;
}

const shifted = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

type Event = Awaited<ReturnType<typeof createEvent>>;
/** Each change a calendar shows, as the event editor would save it. */
const SHOWN_CHANGES: Array<[string, (event: Event) => Record<string, unknown>]> = [
  ['the date', (e) => ({ start_date: shifted(e.start_date, DAY), end_date: shifted(e.end_date, DAY) })],
  ['the duration', (e) => ({ end_date: shifted(e.end_date, HOUR) })],
  ['the street', () => ({ street: '1 quai Malbert' })],
  ['the city', () => ({ city: 'Quimper' })],
  ['the zip code', () => ({ zip_code: '29000' })],
  ['the itinerary link', () => ({ location: 'https://www.openstreetmap.org/search?query=48.38,-4.49' })],
  ['a cancellation', () => ({ is_cancelled: true })],
  ['the model', () => ({ uuid_model_event: otherModel })],
];

describe('the calendar SEQUENCE of an event', () => {
  it('starts at 0', async () => {
    const event = await createEvent(ctx, organiser, model);
    expect(await sequenceOf(event.uuid_event)).toBe(0);
  });

  it.each(SHOWN_CHANGES)('goes up by one when the event editor changes %s', async (_name, change) => {
    const event = await createEvent(ctx, organiser, model);
    const saved = await saveEventWith(ctx, organiser, event, change(event));
    expect(saved.statusCode).toBe(200);
    expect(await sequenceOf(event.uuid_event)).toBe(1);
  });

  it('goes up by one on a reactivation', async () => {
    const event = await createEvent(ctx, organiser, model);
    await saveEventWith(ctx, organiser, event, { is_cancelled: true });
    expect((await saveEventWith(ctx, organiser, event, { is_cancelled: false })).statusCode).toBe(200);
    expect(await sequenceOf(event.uuid_event)).toBe(2);
  });

  it.each([
    ['nothing', () => ({})],
    ['only the capacity', () => ({ max_subscribers: 42 })],
  ])('stays when a save changes %s', async (_name, change) => {
    const event = await createEvent(ctx, organiser, model);
    expect((await saveEventWith(ctx, organiser, event, change())).statusCode).toBe(200);
    expect(await sequenceOf(event.uuid_event)).toBe(0);
  });

  it('stays when only the equipment offered changes', async () => {
    const event = await createEvent(ctx, organiser, model);
    const kayak = await insertStuff(ctx, 'Kayak simple', 3);
    const saved = await saveEventWith(ctx, organiser, event, { stuffs_available: [{ uuid: kayak }] });
    expect(saved.statusCode).toBe(200);
    expect(await sequenceOf(event.uuid_event)).toBe(0);
  });

  it("goes up by one on every event of a model whose name changes (the feed's SUMMARY), not on a description change", async () => {
    const renamed = await insertModel(ctx, 'Voile');
    const first = await createEvent(ctx, organiser, renamed);
    const second = await createEvent(ctx, organiser, renamed, { startInMs: 2 * DAY });
    const other = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY });
    const update = (name: string, description: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/event/model/update',
        headers: bearer(organiser),
        payload: { uuid: renamed, name, description },
      });
    expect((await update('Voile', 'Autre description')).statusCode).toBe(200);
    expect(await sequenceOf(first.uuid_event)).toBe(0);
    expect((await update('Voile légère', 'Autre description')).statusCode).toBe(200);
    expect(await sequenceOf(first.uuid_event)).toBe(1);
    expect(await sequenceOf(second.uuid_event)).toBe(1);
    expect(await sequenceOf(other.uuid_event)).toBe(0);
  });

  it('goes up even through a write path that does not know about it (the database raises it)', async () => {
    const event = await createEvent(ctx, organiser, model);
    await ctx.db
      .updateTable('events')
      .set({ city: 'Morlaix' })
      .where('uuid', '=', event.uuid_event)
      .execute();
    expect(await sequenceOf(event.uuid_event)).toBe(1);
  });
});

describe('the columns of events', () => {
  // A new column must be sorted here: shown by the feed (then the trigger of migration 2026-11-23-05 must
  // watch it, in a new migration) or not. This test fails until someone decides.
  const WATCHED = [
    'start_date',
    'end_date',
    'street',
    'city',
    'zip_code',
    'location',
    'is_cancelled',
    'model_uuid',
    // The SUMMARY when set (migration 2026-11-30-01).
    'title',
  ];
  const NOT_SHOWN = [
    'uuid',
    'creator_id',
    'max_subscribers',
    'subscriber_is_infinite',
    'created_at',
    'sequence',
    'uuid_series',
    'notes',
    // The organiser's word on a cancellation: the feed shows the event cancelled (is_cancelled), not the word.
    'cancel_message',
    // Where members meet: told in the app and the reminder; the feed's DESCRIPTION carries neither it nor the notes.
    'meeting_point',
    // The club a row belongs to never changes (the policy refuses it).
    'club_id',
  ];

  it('are each either watched by the sequence trigger or not shown in the feed', async () => {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'events' and table_schema = current_schema()`.execute(ctx.db);
    expect(rows.map((r) => r.column_name).sort()).toEqual([...WATCHED, ...NOT_SHOWN].sort());
  });

  it.each(WATCHED)('%s raises the sequence when written directly', async (column) => {
    const event = await createEvent(ctx, organiser, model);
    const values: Record<string, unknown> = {
      start_date: new Date(new Date(event.start_date).getTime() - HOUR),
      end_date: new Date(new Date(event.end_date).getTime() + HOUR),
      street: 'rue du Port',
      city: 'Douarnenez',
      zip_code: '29100',
      location: 'https://www.openstreetmap.org/search?query=48.09,-4.33',
      is_cancelled: true,
      model_uuid: otherModel,
      title: 'Sortie mer à Combrit',
    };
    await ctx.db
      .updateTable('events')
      .set({ [column]: values[column] })
      .where('uuid', '=', event.uuid_event)
      .execute();
    expect(await sequenceOf(event.uuid_event)).toBe(1);
  });
});
