import 'fake-indexeddb/auto';
import { readErrorBody } from '@common/contract/errors';
import { isReplayableWrite, isRetryLater } from '@common/rules/replays';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { threadEntries } from '../../../src/data/comments';
import { EquipeeDb, type OutboxRow } from '../../../src/data/core/db';
import {
  type DeliveryAnswer,
  type DrainTransport,
  drainOutbox,
  nextDueAt,
} from '../../../src/data/core/drain';
import { httpTransport } from '../../../src/data/core/drain-http';
import { enqueueWrite, queueSubscription } from '../../../src/data/core/outbox';
import { json, stubFetch, USER } from '../fake-api';
import { commentOf } from './comment-fixture';
import { checkAnswer, tickOn } from './drain-fixture';
import { cachedEvent, EVENT_UUID } from './event-fixture';

/**
 * Comments drain in their own lane (docs/rules.md#talking-around-an-event, src/data/core/drain.ts): a comment
 * waiting out its hourly limit or refused never holds the ticks and subscriptions queued after it, nor they it.
 */

let db: EquipeeDb;
let clock: number;
const now = () => clock;
const CHILD_ID = '99999999-9999-4999-8999-999999999999';

beforeEach(async () => {
  db = new EquipeeDb(`drain-comments-${crypto.randomUUID()}`);
  clock = 10_000;
  await db.events.put(cachedEvent());
  await db.session.put({ key: 'current', token: 'tok', user: USER });
});
afterEach(() => db.delete());

const queueComment = (text: string, at: number, actingFor?: string) =>
  enqueueWrite(
    db,
    USER,
    {
      kind: 'comment',
      body: { uuid_event: EVENT_UUID, text, ...(actingFor ? { acting_for: actingFor } : {}) },
    },
    at,
  );
const tick = (at: number) => tickOn(db)(true, at);
const subscribe = (at: number) => queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, at);

const limited: DeliveryAnswer = {
  status: 429,
  body: { code: 'rate_limited', message: 'Trop de messages', field: null },
  retryAfterSeconds: 600,
};
const created = (text: string): DeliveryAnswer => ({
  status: 201,
  body: commentOf({ id: crypto.randomUUID(), text, author: { ...commentOf().author, id: USER.id } }),
});

/** A server answering each row by its kind, stopping a batch at a "retry later" as POST /api/replay does. */
function server(answerFor: (row: OutboxRow) => DeliveryAnswer) {
  const batches: OutboxRow[][] = [];
  const transport: DrainTransport = {
    async sendBatch(rows) {
      batches.push(rows);
      const answers: DeliveryAnswer[] = [];
      for (const row of rows) {
        const answer = answerFor(row);
        answers.push(answer);
        if (isRetryLater(answer.status, readErrorBody(answer.body)?.code)) break;
      }
      return answers;
    },
    fetchEvent: async () => cachedEvent(),
  };
  const kinds = () => batches.map((batch) => batch.map((row) => row.kind));
  return { transport, batches, kinds };
}

const mainLane = (row: OutboxRow): DeliveryAnswer =>
  row.kind === 'check' ? checkAnswer(true) : { status: 200, body: cachedEvent() };

describe('the comments lane', () => {
  it('a comment waiting out its 429 holds no tick nor subscription queued after it, and goes once, later, with the same key', async () => {
    await queueComment('On part à 9 h ?', 1);
    await tick(2);
    await subscribe(3);
    let isLimited = true;
    const { transport, batches, kinds } = server((row) =>
      row.kind === 'comment' ? (isLimited ? limited : created(row.body.text)) : mainLane(row),
    );

    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 2, failed: 0, stoppedBy: 'retry-later' });
    expect(kinds()).toEqual([['check', 'subscribe'], ['comment']]);
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ kind: 'comment', status: 'pending', attempts: 1 });
    expect(waiting?.nextAttemptAt).toBe(clock + 600_000);
    expect(await nextDueAt(db)).toBe(clock + 600_000);

    // Before its Retry-After, nothing goes; a tick queued meanwhile does.
    await tick(4);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: 'retry-later' });
    expect(kinds().slice(2)).toEqual([['check']]);

    clock += 600_000;
    isLimited = false;
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: null });
    const sends = batches.flat().filter((row) => row.kind === 'comment');
    expect(sends).toHaveLength(2);
    expect(new Set(sends.map((row) => row.idempotencyKey)).size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    const thread = await db.comments.where('uuid_event').equals(EVENT_UUID).toArray();
    expect(thread.map((comment) => comment.text)).toEqual(['On part à 9 h ?']);
    expect((await db.events.get(EVENT_UUID))?.comments_count).toBe(1);

    // Delivered once: nothing left to send, nothing added.
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 0, failed: 0, stoppedBy: null });
    expect(batches).toHaveLength(4);
    expect(await db.comments.count()).toBe(1);
  });

  it('a stuck main lane does not hold a comment: it is delivered in the same run', async () => {
    await tick(1);
    await queueComment('Je prends la remorque.', 2);
    const { transport, kinds } = server((row) =>
      row.kind === 'comment' ? created(row.body.text) : { status: 503, body: null },
    );
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: 'retry-later' });
    expect(kinds()).toEqual([['check'], ['comment']]);
    expect((await db.outbox.toArray()).map((row) => row.kind)).toEqual(['check']);
    expect(await db.comments.count()).toBe(1);
  });

  it('batches never mix lanes, and each lane keeps its order', async () => {
    await queueComment('un', 1);
    await tick(2);
    await queueComment('deux', 3);
    await subscribe(4);
    await queueComment('trois', 5);
    const { transport, batches, kinds } = server((row) =>
      row.kind === 'comment' ? created(row.body.text) : mainLane(row),
    );
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 5, failed: 0, stoppedBy: null });
    expect(kinds()).toEqual([
      ['check', 'subscribe'],
      ['comment', 'comment', 'comment'],
    ]);
    expect(batches[1]?.map((row) => (row.kind === 'comment' ? row.body.text : ''))).toEqual([
      'un',
      'deux',
      'trois',
    ]);
  });

  it('a comment refused 409 thread_closed is kept, failed, with its reason, and shown in the thread', async () => {
    await queueComment('Merci pour la sortie !', 1);
    await tick(2);
    const closed = { status: 409, body: { code: 'thread_closed', message: 'Discussion close', field: null } };
    const { transport, batches } = server((row) => (row.kind === 'comment' ? closed : mainLane(row)));
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 1, stoppedBy: null });
    const rows = await db.outbox.toArray();
    expect(rows).toMatchObject([{ kind: 'comment', status: 'failed' }]);
    expect(JSON.parse(rows[0]?.lastError ?? '{}')).toMatchObject({ code: 'thread_closed' });
    expect(threadEntries([], rows)).toEqual([
      {
        kind: 'queued',
        queued: expect.objectContaining({
          text: 'Merci pour la sortie !',
          state: 'refused',
          code: 'thread_closed',
        }),
      },
    ]);
    // Never sent again by itself: the user sees it and lets it go.
    await drainOutbox(db, transport, now);
    expect(batches).toHaveLength(2);
  });

  it('a 401 stops both lanes and keeps every row', async () => {
    await tick(1);
    await queueComment('Bonjour', 2);
    const { transport, kinds } = server(() => ({ status: 401, body: { code: 'unauthorised' } }));
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('unauthorised');
    expect(kinds()).toEqual([['check']]);
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('a comment on the wire', () => {
  it("goes to its event's thread, an allowed replay, with the child it is written for and without the event in its body", async () => {
    await queueComment('Lou arrive à 9 h 30.', 1, CHILD_ID);
    const fetchMock = stubFetch(() =>
      json(200, { answers: [{ status: 201, body: commentOf({ text: 'Lou arrive à 9 h 30.' }) }] }),
    );
    expect(await drainOutbox(db, httpTransport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: null });
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as {
      writes: Array<{ method: string; path: string; body: unknown; idempotencyKey: string }>;
    };
    const [write] = sent.writes;
    expect(write).toMatchObject({
      method: 'POST',
      path: `/api/event/${EVENT_UUID}/comments`,
      body: { text: 'Lou arrive à 9 h 30.', acting_for: CHILD_ID },
    });
    expect(write?.body).not.toHaveProperty('uuid_event');
    expect(isReplayableWrite(write?.method ?? '', write?.path ?? '')).toBe(true);
  });
});

describe('the thread as shown', () => {
  it("lays the user's queued comments after the server's, oldest first, and says which wait out a limit", async () => {
    await queueComment('en attente', 1);
    const rows = await db.outbox.toArray();
    const limitedRows = rows.map((row) => ({ ...row, lastError: '429' }));
    const later = commentOf({
      id: '77777777-7777-4777-8777-000000000002',
      created_at: '2026-11-30T19:00:00Z',
    });
    const earlier = commentOf({ created_at: '2026-11-30T18:00:00.500Z' });
    const entries = threadEntries([later, earlier], limitedRows);
    expect(entries.map((entry) => (entry.kind === 'comment' ? entry.comment.id : 'queued'))).toEqual([
      earlier.id,
      later.id,
      'queued',
    ]);
    expect(entries[2]).toMatchObject({ queued: { state: 'pending', isLimited: true, actingFor: null } });
  });
});
