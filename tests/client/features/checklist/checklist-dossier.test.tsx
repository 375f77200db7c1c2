import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { putServerEvents } from '../../../../src/data/core/server-events';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { stubFetch, USER } from '../../fake-api';

// The checklist at the venue with no signal (docs/rules.md#members-file): « dossier incomplet : … » beside the
// names whose file the server found incomplete for the event's day, from the copy this device keeps; never more.
const ADMIN: User = { ...USER, role_name: 'Admin' };
const base = cachedEvent();
const entry = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];
const member = (id: string, first_name: string, last_name: string) => ({
  ...entry,
  id,
  uuid: `s-${id}`,
  username: id,
  first_name,
  last_name,
});
const LOU = member('lou', 'Lou', 'Le Bihan');
const ANNA = member('anna', 'Anna', 'Kerlo');
const YANN = member('yann', 'Yann', 'Morvan');
const REQUIRES = { licence: true, health: true, competition: false, savoir_nager: true };

/** The event's own read by an organiser: each subscriber's file for the event's day. */
const organiserRead = (changes: Partial<EventDto> = {}) =>
  cachedEvent({
    subcribers_count: 3,
    requirements: REQUIRES,
    enforcement: 'warn',
    my_dossier: { status: 'missing', reasons: ['licence_missing'] },
    subscribers_with_stuff: [
      {
        ...LOU,
        dossier: { status: 'expired', reasons: ['licence_expired', 'caci_required', 'savoir_nager_missing'] },
      },
      { ...ANNA, dossier: { status: 'ok', reasons: [] } },
      { ...YANN, dossier: { status: 'unknown', reasons: ['birth_date_missing'] } },
    ],
    ...changes,
  });
/** The week's copy of the same event: the same people, no file. */
const weekRead = (changes: Partial<EventDto> = {}) =>
  cachedEvent({
    subcribers_count: 3,
    requirements: REQUIRES,
    subscribers_with_stuff: [LOU, ANNA, YANN],
    ...changes,
  });

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}
const rowOf = (name: string) =>
  screen.getAllByTestId('checklist-row').find((row) => row.textContent?.includes(name)) as HTMLElement;
const badgeOf = (name: string) => within(rowOf(name)).queryByTestId('dossier-badge')?.textContent ?? null;

beforeAll(() => loadLaterTexts('fr'));
beforeEach(async () => {
  setToken('tok');
  setCachedUser(ADMIN);
  restoreSession();
  // Airplane mode: every call fails, the screen reads only what this device kept.
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(async () => {
  await appDb().events.clear();
});

describe('the file badge on the checklist, with no signal', () => {
  it('shows « dossier incomplet » with its parts on one name and nothing on another', async () => {
    await putServerEvents(appDb(), [organiserRead()]);
    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(3));
    // caci_required reaches an organiser as « santé », a missing birth date too.
    expect(badgeOf('Lou')).toBe('⚠ dossier incomplet : licence, santé, savoir-nager');
    expect(badgeOf('Yann')).toBe('⚠ dossier incomplet : santé');
    expect(badgeOf('Anna')).toBeNull();
  });

  it('keeps the files through a week read that carries none, and drops them once the model asks for nothing', async () => {
    const db = appDb();
    await putServerEvents(db, [organiserRead()]);
    await putServerEvents(db, [weekRead()]);
    const kept = await db.events.get(EVENT_UUID);
    expect(kept?.subscribers_with_stuff.map((s) => s.dossier?.status)).toEqual(['expired', 'ok', 'unknown']);
    // The reader's own file too, for the sheet opened with no signal.
    expect(kept?.my_dossier).toEqual({ status: 'missing', reasons: ['licence_missing'] });
    renderChecklist();
    await waitFor(() => expect(badgeOf('Lou')).toBe('⚠ dossier incomplet : licence, santé, savoir-nager'));

    // The event's own read on the day says what is true then: Lou's file was completed, Anna's expired.
    await putServerEvents(db, [
      organiserRead({
        subscribers_with_stuff: [
          { ...LOU, dossier: { status: 'soon', reasons: [] } },
          { ...ANNA, dossier: { status: 'expired', reasons: ['health_expired'] } },
          { ...YANN, dossier: { status: 'ok', reasons: [] } },
        ],
      }),
    ]);
    await waitFor(() => expect(badgeOf('Anna')).toBe('⚠ dossier incomplet : santé'));
    expect(badgeOf('Lou')).toBeNull();
    expect(badgeOf('Yann')).toBeNull();

    await putServerEvents(db, [weekRead({ requirements: null })]);
    await waitFor(() => expect(screen.queryAllByTestId('dossier-badge')).toHaveLength(0));
    const dropped = await db.events.get(EVENT_UUID);
    expect(dropped?.subscribers_with_stuff.some((s) => s.dossier)).toBe(false);
    expect(dropped?.my_dossier).toBeUndefined();
  });
});
