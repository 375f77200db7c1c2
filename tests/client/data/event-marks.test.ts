import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../src/data/core/db';
import { queueDecline, queueSubscription } from '../../../src/data/core/outbox';
import { useEventMarks } from '../../../src/data/events';
import { USER } from '../fake-api';
import { cachedEvent } from './event-fixture';

// The week's list reads its cards' marks once (data/events.ts), a sheet those of its one event: each must say
// the same of an event, its pending answers laid over what the server kept.
const KEPT_THEN_SUBSCRIBED = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const DECLINED_OFFLINE = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const OTHERS_DECLINE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const KEPT = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const QUIET = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const WEEK = [KEPT_THEN_SUBSCRIBED, DECLINED_OFFLINE, OTHERS_DECLINE, KEPT, QUIET];
const OTHER = { ...USER, id: '77777777-7777-4777-8777-777777777777', username: 'other' };

beforeEach(async () => {
  const db = appDb();
  await db.delete();
  await db.open();
  await db.session.put({ key: 'current', token: 'tok', user: USER });
  await db.events.bulkPut(WEEK.map((uuid) => cachedEvent({ uuid_event: uuid })));
  const at = new Date().toISOString();
  await db.myDeclines.bulkPut([
    { uuid_event: KEPT_THEN_SUBSCRIBED, declined_at: at },
    { uuid_event: KEPT, declined_at: at },
  ]);
  await queueSubscription(db, USER, { eventUuid: KEPT_THEN_SUBSCRIBED, subscribe: true }, 1);
  await queueDecline(db, USER, { eventUuid: DECLINED_OFFLINE, decline: true }, 2);
  await queueDecline(db, OTHER, { eventUuid: OTHERS_DECLINE, decline: true }, 3);
});

describe("the week's marks", () => {
  it("say which events wait for the network (anyone's writes) and which the member is not coming to, queued answers over kept ones; a sheet's read of one event says the same", async () => {
    const { result } = renderHook(() => useEventMarks(WEEK, USER.id));
    await waitFor(() => expect(result.current.pending.size).toBeGreaterThan(0));
    expect([...result.current.declined].sort()).toEqual([DECLINED_OFFLINE, KEPT].sort());
    expect([...result.current.pending].sort()).toEqual(
      [KEPT_THEN_SUBSCRIBED, DECLINED_OFFLINE, OTHERS_DECLINE].sort(),
    );
    for (const uuid of WEEK) {
      const one = renderHook(() => useEventMarks([uuid], USER.id));
      await waitFor(() =>
        expect(one.result.current.pending.has(uuid)).toBe(result.current.pending.has(uuid)),
      );
      await waitFor(() =>
        expect(one.result.current.declined.has(uuid)).toBe(result.current.declined.has(uuid)),
      );
      one.unmount();
    }
  });

  it('follow a new answer without another read of the week', async () => {
    const { result } = renderHook(() => useEventMarks(WEEK, USER.id));
    await waitFor(() => expect(result.current.declined.has(KEPT)).toBe(true));
    await queueSubscription(appDb(), USER, { eventUuid: KEPT, subscribe: true }, 4);
    await waitFor(() => expect(result.current.declined.has(KEPT)).toBe(false));
    expect(result.current.pending.has(KEPT)).toBe(true);
  });
});
