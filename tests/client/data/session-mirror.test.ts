import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { clearCachedData } from '../../../src/data/core/session-mirror';
import { USER } from '../fake-api';
import { commentOf } from './comment-fixture';
import { cachedEvent } from './event-fixture';

describe('signing out on a shared device', () => {
  it("clears the member's private data, their own « Je ne viens pas » answers included, and keeps the club's settings and news", async () => {
    const db = new EquipeeDb(`sign-out-${crypto.randomUUID()}`);
    const event = cachedEvent();
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    await db.events.put(event);
    await db.myDeclines.put({ uuid_event: event.uuid_event, declined_at: '2026-11-27T10:00:00.000Z' });
    await db.eventDeclines.put({ uuid_event: event.uuid_event, entries: [] });
    await db.readWeeks.put({ monday: '2026-11-23', readAt: 1 });
    // A guardian's family and an organiser's guardians' phones leave with the session.
    await db.family.put({ key: 'current', userId: USER.id, family: { children: [], guardians: [] } });
    await db.venueFacts.put({
      eventUuid: event.uuid_event,
      minors: [{ id: 'child', guardians: [{ id: 'g', first_name: 'Gwen', last_name: null, phone: '06' }] }],
    });
    // So do the events' threads: members' words, and who wrote them.
    await db.comments.put(commentOf());
    await db.clubSettings.put({ key: 'timezone', value: 'Europe/Paris' });
    await db.news.put({
      uuid: '55555555-5555-4555-8555-555555555555',
      title: 'Assemblée générale',
      text: 'Vendredi à 19 h.',
      picture_url: null,
      author_id: USER.id,
      author_name: 'Marie',
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
    });

    await clearCachedData(db);

    expect(await db.myDeclines.count()).toBe(0);
    expect(await db.eventDeclines.count()).toBe(0);
    expect(await db.events.count()).toBe(0);
    expect(await db.session.count()).toBe(0);
    expect(await db.readWeeks.count()).toBe(0);
    expect(await db.family.count()).toBe(0);
    expect(await db.venueFacts.count()).toBe(0);
    expect(await db.comments.count()).toBe(0);
    expect(await db.clubSettings.count()).toBe(1);
    expect(await db.news.count()).toBe(1);
    db.close();
  });
});
