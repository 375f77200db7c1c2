import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseWeekSnapshot, showWeekSnapshot } from '../../../src/app/boot/week-snapshot-show';
import { keepWeekSnapshots, takeWeekSnapshot } from '../../../src/app/week-snapshot';
import { guessedWeek } from '../../../src/data/core/page-load-plan';
import { clearSession, setCachedUser, setToken } from '../../../src/data/core/session-storage';
import {
  MAX_SNAPSHOT_CHARS,
  storedWeekSnapshot,
  storeWeekSnapshot,
  type WeekSnapshot,
} from '../../../src/data/core/week-snapshot-store';
import { useSession } from '../../../src/state/session';
import { USER } from '../fake-api';

// The week as last seen: kept when settled or when the app is left, shown inert at the next cold start by
// the build, language, member and week it was taken for, forgotten at sign-out.

const BUILD = '/assets/index-abc.js';
const WEEK = `<header class="app-header">Club</header><main><section data-week="MONDAY" data-week-state="shown"><ul><li data-testid="event-row">Kayak</li></ul></section></main>`;
const monday = () => guessedWeek('');

function showPage(html: string) {
  document.body.innerHTML = `<div id="root">${html.replace('MONDAY', monday())}</div>`;
  return document.getElementById('root') as HTMLElement;
}
const snapshot = (changes: Partial<WeekSnapshot> = {}): WeekSnapshot => ({
  build: BUILD,
  language: 'fr',
  userId: USER.id,
  monday: monday(),
  html: '<main><li data-testid="event-row">Kayak</li></main>',
  ...changes,
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('keeping the week as shown', () => {
  it('keeps the settled week, without dialogs, popovers or the update prompt', () => {
    const root = showPage(
      `${WEEK}<dialog open>Inscription</dialog><div popover="manual">Toast</div><div class="update-prompt">Nouvelle version</div>`,
    );
    const kept = takeWeekSnapshot(root);
    expect(kept?.monday).toBe(monday());
    expect(kept?.html).toContain('data-testid="event-row"');
    expect(kept?.html).not.toMatch(/dialog|Toast|Nouvelle version/);
  });

  it('keeps nothing while the week is loading, on another page, or while the snapshot itself is shown', () => {
    expect(takeWeekSnapshot(showPage(WEEK.replace('"shown"', '"loading"')))).toBeUndefined();
    window.history.pushState({}, '', '/my-profile');
    expect(takeWeekSnapshot(showPage(WEEK))).toBeUndefined();
    window.history.pushState({}, '', '/');
    const root = showPage(WEEK);
    root.firstElementChild?.setAttribute('data-week-snapshot', '');
    expect(takeWeekSnapshot(root)).toBeUndefined();
  });

  it('stores it for the member, language and build when the app is hidden', () => {
    showPage(WEEK);
    useSession.setState({ user: USER, status: 'signed-in' });
    const stop = keepWeekSnapshots(BUILD);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
    expect(storedWeekSnapshot()).toMatchObject({
      build: BUILD,
      language: 'fr',
      userId: USER.id,
      monday: monday(),
    });
  });

  it('stores it once the week has stayed unchanged a second', async () => {
    vi.useFakeTimers();
    const root = showPage(WEEK.replace('"shown"', '"loading"'));
    useSession.setState({ user: USER, status: 'signed-in' });
    const stop = keepWeekSnapshots(BUILD);
    // The week's events arrive: the list is drawn and the section says it is shown.
    const section = root.querySelector('section');
    section?.setAttribute('data-week-state', 'shown');
    section?.append(document.createElement('p'));
    await vi.advanceTimersByTimeAsync(2_500);
    stop();
    expect(storedWeekSnapshot()?.html).toContain('Kayak');
  });

  it('keeps no week bigger than the limit, and forgets it at sign-out', () => {
    storeWeekSnapshot(snapshot());
    storeWeekSnapshot(snapshot({ html: 'x'.repeat(MAX_SNAPSHOT_CHARS + 1) }));
    expect(storedWeekSnapshot()).toBeUndefined();
    storeWeekSnapshot(snapshot());
    clearSession();
    expect(storedWeekSnapshot()).toBeUndefined();
  });
});

describe('showing it at a cold start, before the bundle', () => {
  const start = (build = BUILD) => {
    setToken('tok');
    setCachedUser(USER);
    document.body.innerHTML = '<div id="root"></div>';
    chooseWeekSnapshot(build, 'fr', '');
    showWeekSnapshot();
    return document.getElementById('root') as HTMLElement;
  };

  it('shows it inert, marked as the snapshot', () => {
    storeWeekSnapshot(snapshot());
    const root = start();
    expect(root.querySelector('[data-testid="event-row"]')?.textContent).toBe('Kayak');
    const shown = root.firstElementChild as HTMLElement;
    expect(shown.hasAttribute('inert')).toBe(true);
    expect(shown.hasAttribute('data-week-snapshot')).toBe(true);
  });

  it.each([
    ['another build', { build: '/assets/index-new.js' }],
    ['another language', { language: 'en' }],
    ['another member', { userId: 'someone-else' }],
    ['another week', { monday: '2020-01-06' }],
  ])('shows nothing for %s', (_case, changes) => {
    storeWeekSnapshot(snapshot(changes));
    expect(start().childElementCount).toBe(0);
  });

  it('shows nothing outside a build (the dev server)', () => {
    storeWeekSnapshot(snapshot({ build: '' }));
    expect(start('').childElementCount).toBe(0);
  });
});
