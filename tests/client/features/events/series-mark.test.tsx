import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { EventDto } from '../../../../src/common/contract/event';
import { EventRow } from '../../../../src/features/events/event-row';
import { USER } from '../../fake-api';

function eventOf(uuidSeries: string | null): EventDto {
  const start = Date.now() + 86_400_000;
  return {
    uuid_event: uuidSeries ? 'e-series' : 'e-one-off',
    uuid_model_event: 'm',
    model_name: 'Entraînement',
    model_description: '',
    creator: { id: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', first_name: 'Jean', last_name: null },
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 3_600_000).toISOString(),
    street: null,
    city: null,
    zip_code: null,
    location: '',
    max_subscribers: 12,
    subcribers_count: 0,
    subscriber_is_infinite: false,
    is_cancelled: false,
    stuffs_available: [],
    subscribers_with_stuff: [],
    waiting_list: [],
    invite_list: [],
    uuid_series: uuidSeries,
  };
}

describe('the week row of a session of a series', () => {
  it('carries the mark: an icon and the word "Série" (not colour alone); a one-off event does not', () => {
    render(
      <MemoryRouter>
        <ul>
          <EventRow event={eventOf('9a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01')} user={USER} />
          <EventRow event={eventOf(null)} user={USER} />
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
