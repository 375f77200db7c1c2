import type { SeasonReport } from '@common/contract/report';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { seasonOf } from '../../../../src/data/report';
import { SeasonReportScreen } from '../../../../src/features/report/season-report-screen';
import { restoreSession } from '../../../../src/state/session';
import { json, stubFetch, USER } from '../../fake-api';

const figures = {
  events: 2,
  cancelled_events: 1,
  places_offered: 20,
  subscriptions: 12,
  guests: 2,
  promotions: 1,
  walk_ins: 1,
  attended: 9,
  participants: 12,
  attendance_rate: 0.75,
};
const REPORT: SeasonReport = {
  from: '2026-09-01',
  to: '2027-08-31',
  rows: [{ ...figures, model_uuid: 'm1', model_name: 'Sortie rivière', month: '2026-10' }],
  totals: figures,
};

const renderScreen = () =>
  render(
    <MemoryRouter>
      <SeasonReportScreen />
    </MemoryRouter>,
  );

beforeEach(() => appDb().clubSettings.put({ key: 'timezone', value: 'Europe/Paris' }));
afterEach(() => appDb().clubSettings.clear());

describe('the season report screen', () => {
  it('asks for the current season and shows the table, its totals and an accessible chart', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return json(200, REPORT);
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Bilan du mar. 01/09/26 au mar. 31/08/27' });
    expect(asked[0]).toMatch(/^\/api\/report\/season\?from=\d{4}-09-01&to=\d{4}-08-31$/);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Sortie rivière');
    expect(rows[1]?.textContent).toMatch(/75\s%$/);
    expect(within(rows[2] as HTMLElement).getByRole('rowheader').textContent).toBe('Total');
    expect(screen.getByRole('img', { name: /Participants et présents par mois/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger le bilan (CSV)' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('says when a period holds no event, and shows a refusal as a message', async () => {
    stubFetch(() => json(200, { ...REPORT, rows: [] }));
    const { unmount } = renderScreen();
    expect(await screen.findByText('Aucun évènement sur cette période.')).toBeTruthy();
    unmount();
    stubFetch(() => json(403, { code: 'forbidden', message: 'forbidden', field: null }));
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Le bilan n'a pas pu être chargé\./);
  });

  it('tells a Contributor the figures are their own events, and not an Admin', async () => {
    stubFetch(() => json(200, REPORT));
    const note = /Les chiffres des évènements que vous organisez/;
    setToken('tok');
    setCachedUser({ ...USER, role_name: 'Contributor' });
    restoreSession();
    const { unmount } = renderScreen();
    await screen.findByRole('table');
    expect(screen.getByText(note)).toBeTruthy();
    unmount();
    setCachedUser({ ...USER, role_name: 'Admin' });
    restoreSession();
    renderScreen();
    await screen.findByRole('table');
    expect(screen.queryByText(note)).toBeNull();
  });

  it('knows the season: 1 September to 31 August', () => {
    expect(seasonOf('2026-11-23')).toEqual({ from: '2026-09-01', to: '2027-08-31' });
    expect(seasonOf('2027-08-31')).toEqual({ from: '2026-09-01', to: '2027-08-31' });
    expect(seasonOf('2027-09-01')).toEqual({ from: '2027-09-01', to: '2028-08-31' });
  });
});
