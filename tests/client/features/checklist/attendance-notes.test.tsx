import type { AttendanceEntry } from '@common/contract/attendance';
import type { User } from '@common/contract/user';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from '../../data/event-fixture';
import { json, stubFetch, USER } from '../../fake-api';

const GUEST = {
  id: 7,
  uuid_event: EVENT_UUID,
  uuid_user: MEMBER_ID,
  uuid_stuff: null,
  first_name: 'Zoé',
  last_name: 'Abri',
  is_checked: false,
};

const entry = (overrides: Partial<AttendanceEntry>): AttendanceEntry => ({
  is_invited: false,
  user_id: MEMBER_ID,
  name: 'ana',
  stuff_name: '',
  is_checked: true,
  checked_at: '2026-12-01T09:05:00.000Z',
  checked_by: 'orga',
  received_at: '2026-12-01T09:05:02.000Z',
  ...overrides,
});

function renderAs(user: User) {
  setToken('tok');
  setCachedUser(user);
  restoreSession();
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}

beforeAll(() => loadLaterTexts('fr'));
beforeEach(async () => {
  await appDb().clubSettings.put({ key: 'timezone', value: 'Europe/Paris' });
  await appDb().events.put(
    cachedEvent({
      subcribers_count: 2,
      subscribers_with_stuff: cachedEvent().subscribers_with_stuff.map((s) => ({ ...s, is_checked: true })),
      invite_list: [GUEST],
    }),
  );
});
afterEach(async () => {
  await Promise.all([appDb().events.clear(), appDb().attendance.clear(), appDb().clubSettings.clear()]);
});

describe('the attendance record on the checklist', () => {
  it('names who ticked a row and when, and says when a tick reached the server late', async () => {
    stubFetch((url) =>
      url.endsWith('/attendance')
        ? json(200, [
            entry({}),
            entry({
              is_invited: true,
              user_id: 7,
              name: 'Zoé Abri',
              is_checked: false,
              checked_at: '2026-12-01T09:10:00.000Z',
              received_at: '2026-12-01T10:40:00.000Z',
            }),
          ])
        : json(503, {}),
    );
    renderAs({ ...USER, role_name: 'SuperAdmin' });
    expect(await screen.findByText('Pointé par orga à 10:05')).toBeTruthy();
    const late = await screen.findByText('Décoché par orga à 10:10', { exact: false });
    expect(late.textContent).toBe('Décoché par orga à 10:10 · envoyé hors ligne, reçu à 11:40');
    expect(screen.getByRole('button', { name: 'Télécharger la liste (CSV)' })).toBeTruthy();
  });

  it('shows a member neither the record nor the export', async () => {
    let asked = false;
    stubFetch((url) => {
      if (url.endsWith('/attendance')) asked = true;
      return json(503, {});
    });
    await appDb().attendance.put({ eventUuid: EVENT_UUID, entries: [entry({})] });
    renderAs({ ...USER, role_name: 'User' });
    // Not even the names, only the page saying whose list it is.
    await screen.findByText(/Seuls les organisateurs de cet évènement/);
    expect(screen.queryByText('ana')).toBeNull();
    expect(screen.queryByTestId('tick-note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Télécharger la liste (CSV)' })).toBeNull();
    expect(asked).toBe(false);
  });

  it('gives an organiser a call link to a member who gave a phone, which calls rather than ticks', async () => {
    stubFetch((url) =>
      url.endsWith('/attendance') ? json(200, [entry({ phone: '06 12 34 56 78' })]) : json(503, {}),
    );
    renderAs({ ...USER, role_name: 'SuperAdmin' });
    const call = await screen.findByRole('link', { name: 'Appeler ana au 06 12 34 56 78' });
    expect(call.getAttribute('href')).toBe('tel:0612345678');
    const tick = screen.getByRole('button', { name: "Présence d'ana" });
    const before = tick.getAttribute('aria-pressed');
    fireEvent.click(call);
    expect(tick.getAttribute('aria-pressed')).toBe(before);
    expect(await appDb().outbox.count()).toBe(0);
    expect(screen.getByText('1 / 2 présent')).toBeTruthy();
  });
});
