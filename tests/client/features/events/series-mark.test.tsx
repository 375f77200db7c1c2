import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { USER } from '../../fake-api';
import { ListedRow } from './listed-row';
import { SERIES_UUID, sessionOf } from './series-fixtures';

const eventOf = (uuidSeries: string | null) => ({
  ...sessionOf({
    uuidSeries,
    start: new Date(Date.now() + 86_400_000),
    minutes: 60,
    creatorId: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
  }),
  uuid_event: uuidSeries ? 'e-series' : 'e-one-off',
});

describe('the week row of a session of a series', () => {
  it('carries the mark: an icon and the word "Série" (not colour alone); a one-off event does not', () => {
    render(
      <MemoryRouter>
        <ul>
          <ListedRow event={eventOf(SERIES_UUID)} user={USER} />
          <ListedRow event={eventOf(null)} user={USER} />
        </ul>
      </MemoryRouter>,
    );
    const [session, oneOff] = screen.getAllByTestId('event-row') as [HTMLElement, HTMLElement];
    const mark = within(session).getByTestId('series-mark');
    expect(mark.textContent).toBe('Série');
    expect(mark.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(within(oneOff).queryByTestId('series-mark')).toBeNull();
  });
});
