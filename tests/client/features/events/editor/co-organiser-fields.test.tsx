import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setToken } from '../../../../../src/data/core/session-storage';
import { CoOrganiserFields } from '../../../../../src/features/events/editor/co-organiser-fields';
import { loadLaterTexts } from '../../../../../src/i18n/later-texts';
import { json, offline, stubFetch } from '../../../fake-api';

// « Co-organisateurs » in the event form, read from GET /api/event/organisers.
const ORGANISERS = [
  { id: 'me', username: 'erwan', first_name: 'Erwan', last_name: 'Le Goff' },
  { id: 'soazig', username: 'soazig', first_name: 'Soazig', last_name: 'Kerjean' },
  { id: 'yann', username: 'yann.m', first_name: null, last_name: null },
];

let lastSelected: string[] = [];
function Field({ initial }: { initial: string[] }) {
  const [selected, setSelected] = useState(initial);
  lastSelected = selected;
  return <CoOrganiserFields creatorId="me" selected={selected} isReadOnly={false} onChange={setSelected} />;
}

beforeAll(async () => {
  await loadLaterTexts('fr');
  setToken('tok');
});

describe('the co-organisers field', () => {
  it('offers the other organisers by name (the creator left out) and ticks the chosen ones', async () => {
    const fetch = stubFetch((url) =>
      url.endsWith('/api/event/organisers') ? json(200, ORGANISERS) : json(404, {}),
    );
    render(<Field initial={['yann']} />);
    expect(screen.getByRole('group', { name: 'Co-organisateurs' })).toBeTruthy();
    const soazig = await screen.findByRole('checkbox', { name: 'Soazig Kerjean' });
    expect(screen.getByRole('checkbox', { name: 'yann.m' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('checkbox', { name: 'Erwan Le Goff' })).toBeNull();
    fireEvent.click(soazig);
    expect(lastSelected).toEqual(['yann', 'soazig']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'yann.m' }));
    expect(lastSelected).toEqual(['soazig']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says so when the list cannot be read, and changes nothing', async () => {
    stubFetch(offline);
    render(<Field initial={['soazig']} />);
    expect(await screen.findByText(/La liste des organisateurs n'a pas pu être chargée/)).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(lastSelected).toEqual(['soazig']);
  });

  it('says when the club has no other organiser', async () => {
    stubFetch(() => json(200, [ORGANISERS[0]]));
    render(<Field initial={[]} />);
    expect(await screen.findByText('Aucun autre organisateur dans le club.')).toBeTruthy();
  });
});
