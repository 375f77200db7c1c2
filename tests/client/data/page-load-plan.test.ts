import { describe, expect, it } from 'vitest';
import { pageLoadPlan } from '../../../src/data/core/page-load-plan';

// Wednesday 25 November 2026, 10:00 on the device: its week starts on Monday the 23rd.
const NOW = new Date(2026, 10, 25, 10, 0);
const plan = (pathname: string, search: string, token: string | null) =>
  pageLoadPlan({ pathname, search }, token, NOW);
const SETTINGS = { path: '/api/internal/settings/start', token: null };
const ME = { path: '/api/user/me', token: 'tok' };

describe('what a page load asks for before the app has run', () => {
  it('signed out: nothing on the sign-in screen, the settings alone on the news page', () => {
    expect(plan('/login', '', null)).toEqual({ reads: [], parsers: 'none' });
    expect(plan('/', '', null)).toEqual({ reads: [], parsers: 'none' });
    expect(plan('/news', '', null)).toEqual({ reads: [SETTINGS], parsers: 'none' });
  });

  it('the week: settings, session and the three weeks around this one, the parsers after its first paint', () => {
    expect(plan('/', '', 'tok')).toEqual({
      reads: [SETTINGS, ME, { path: '/api/event/from/2026-11-16/to/2026-12-06', token: 'tok', isWeek: true }],
      parsers: 'after-first-paint',
    });
  });

  it('the week the address asks for (any day of it), and this one when the address is no date', () => {
    expect(plan('/', '?week=2026-03-04', 'tok').reads[2]?.path).toBe(
      '/api/event/from/2026-02-23/to/2026-03-15',
    );
    expect(plan('/', '?week=2026-13-45', 'tok').reads[2]?.path).toBe(
      '/api/event/from/2026-11-16/to/2026-12-06',
    );
  });

  it('another signed-in page: settings and session, no week, parsers at once', () => {
    expect(plan('/my-profile', '', 'tok')).toEqual({ reads: [SETTINGS, ME], parsers: 'at-once' });
  });
});
