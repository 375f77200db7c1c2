import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClickScope, follow } from '../../../sw/push-answer';
import {
  answeredOf,
  clickTarget,
  ICON,
  maxActionsOf,
  notificationOf,
  readPush,
} from '../../../sw/push-message';

// What the service worker makes of a push (docs/rules.md#push): a reminder's answers become buttons where the
// platform shows them, a click on the body opens the map or the event, a button posts its answer link.
const COME = {
  action: 'come',
  title: 'Je viens',
  url: '/api/answer/t.come/push',
  done: 'Réponse enregistrée : je viens',
};
const DECLINE = {
  action: 'decline',
  title: 'Je ne viens pas',
  url: '/api/answer/t.decline/push',
  done: 'Réponse enregistrée : je ne viens pas',
};
const MAP = 'https://www.openstreetmap.org/search?query=29200%20Brest';
const reminder = {
  title: 'Rappel',
  body: 'Kayak, mercredi 02/12/2026 18:00.\nAdresse : 29200 Brest',
  url: '/event/e1',
  tag: 'event-e1',
  actions: [COME, DECLINE],
  map_url: MAP,
};

describe('a push as a notification', () => {
  it('shows a reminder with its two answers as buttons where the platform has two', () => {
    const shown = notificationOf(readPush(reminder), 2);
    expect(shown).toEqual({
      title: 'Rappel',
      options: {
        body: reminder.body,
        tag: 'event-e1',
        icon: ICON,
        badge: ICON,
        data: { url: '/event/e1', mapUrl: MAP, answers: [COME, DECLINE] },
        actions: [
          { action: 'come', title: 'Je viens' },
          { action: 'decline', title: 'Je ne viens pas' },
        ],
      },
    });
  });

  it('shows no buttons where the platform has none, or fewer than the answers', () => {
    for (const max of [0, 1]) {
      const { options } = notificationOf(readPush(reminder), max);
      expect(options).not.toHaveProperty('actions');
      expect(options.data).toEqual({ url: '/event/e1', mapUrl: MAP });
    }
  });

  it('keeps a plain push as it was: its url alone', () => {
    const plain = { title: 'Évènement annulé', body: 'Kayak est annulé.', url: '/event/e2', tag: 'event-e2' };
    expect(notificationOf(readPush(plain), 2).options).toEqual({
      body: plain.body,
      tag: 'event-e2',
      icon: ICON,
      badge: ICON,
      data: { url: '/event/e2' },
    });
  });

  it('leaves out what does not read: a map link that is not https, a malformed answer; shows something for any payload', () => {
    const push = readPush({
      ...reminder,
      map_url: 'javascript:alert(1)',
      actions: [COME, { action: 'come' }],
    });
    expect(push.mapUrl).toBeNull();
    expect(push.actions).toEqual([COME]);
    expect(readPush(null)).toMatchObject({ title: 'Équipée', body: '', url: '/', actions: [] });
    expect(readPush({ title: 3 })).toMatchObject({ title: 'Équipée' });
  });
});

describe('a click on the notification', () => {
  const data = notificationOf(readPush(reminder), 2).options.data;

  it('on a button, posts that answer and names the event to fall back on', () => {
    expect(clickTarget(data, 'decline')).toEqual({ kind: 'answer', answer: DECLINE, eventUrl: '/event/e1' });
    expect(clickTarget(data, 'come')).toEqual({ kind: 'answer', answer: COME, eventUrl: '/event/e1' });
  });

  it('on the body, opens the map when the answers are on buttons, else the event', () => {
    expect(clickTarget(data, '')).toEqual({ kind: 'map', href: MAP });
    const noButtons = notificationOf(readPush(reminder), 0).options.data;
    expect(clickTarget(noButtons, '')).toEqual({ kind: 'open', href: '/event/e1' });
    const noAddress = notificationOf(readPush({ ...reminder, map_url: undefined }), 2).options.data;
    expect(clickTarget(noAddress, '')).toEqual({ kind: 'open', href: '/event/e1' });
  });

  it('reads what an older worker stored, and an unknown button opens the event', () => {
    expect(clickTarget({ url: '/?week=2026-11-30' }, '')).toEqual({
      kind: 'open',
      href: '/?week=2026-11-30',
    });
    expect(clickTarget(null, '')).toEqual({ kind: 'open', href: '/' });
    expect(clickTarget(data, 'give_back')).toEqual({ kind: 'open', href: '/event/e1' });
  });

  it('once answered, a short notification replaces the reminder and opens the event', () => {
    expect(answeredOf(COME, '/event/e1', 'event-e1')).toEqual({
      title: 'Réponse enregistrée : je viens',
      options: { body: '', tag: 'event-e1', icon: ICON, badge: ICON, data: { url: '/event/e1' } },
    });
  });
});

describe('what a click does in the worker', () => {
  /** A stand-in for the worker's scope that records what a click asks of the browser. */
  function fakeScope() {
    const calls: string[] = [];
    const shown: Array<{ title: string; options: unknown }> = [];
    const scope: ClickScope = {
      location: { origin: 'https://club.example.org' },
      registration: {
        showNotification: async (title, options) => {
          shown.push({ title, options });
        },
      },
      clients: {
        matchAll: async () => [],
        openWindow: async (url) => {
          calls.push(`open ${url}`);
          return null;
        },
      },
    };
    return { scope, calls, shown };
  }
  const data = notificationOf(readPush(reminder), 2).options.data;
  afterEach(() => vi.unstubAllGlobals());

  it('reads Notification.maxActions of the scope: none where it is absent', () => {
    expect(maxActionsOf({ Notification: { maxActions: 2 } })).toBe(2);
    expect(maxActionsOf({ Notification: {} })).toBe(0);
    expect(maxActionsOf({})).toBe(0);
  });

  it('posts the answer without credentials and says it is recorded, in place of the reminder', async () => {
    const posted: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      posted.push({ url, init });
      return new Response(null, { status: 204 });
    });
    const { scope, shown, calls } = fakeScope();
    await follow(scope, clickTarget(data, 'come'), 'event-e1');
    expect(posted.map((p) => [p.url, p.init.method, p.init.credentials])).toEqual([
      ['https://club.example.org/api/answer/t.come/push', 'POST', 'omit'],
    ]);
    expect(shown).toEqual([answeredOf(COME, '/event/e1', 'event-e1')]);
    expect(calls).toEqual([]);
  });

  it('opens the app at the event when the answer could not be posted (offline) or was refused', async () => {
    for (const fetchStub of [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => new Response('{"code":"event_full"}', { status: 409 }),
    ]) {
      vi.stubGlobal('fetch', fetchStub);
      const { scope, shown, calls } = fakeScope();
      await follow(scope, clickTarget(data, 'decline'), 'event-e1');
      expect(shown).toEqual([]);
      expect(calls).toEqual(['open https://club.example.org/event/e1']);
    }
  });

  it('never posts to another site: an answer link elsewhere opens the event instead', async () => {
    const posted: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      posted.push(url);
      return new Response(null, { status: 204 });
    });
    const { scope, calls } = fakeScope();
    const elsewhere = { ...COME, url: 'https://evil.example.com/api/answer/t.come/push' };
    await follow(scope, { kind: 'answer', answer: elsewhere, eventUrl: '/event/e1' }, 'event-e1');
    expect(posted).toEqual([]);
    expect(calls).toEqual(['open https://club.example.org/event/e1']);
  });

  it('opens the map as it is, and the event as a page of the app', async () => {
    const { scope, calls } = fakeScope();
    await follow(scope, clickTarget(data, ''), 'event-e1');
    await follow(scope, clickTarget(notificationOf(readPush(reminder), 0).options.data, ''), 'event-e1');
    expect(calls).toEqual([`open ${MAP}`, 'open https://club.example.org/event/e1']);
  });
});
