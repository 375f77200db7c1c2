import { describe, expect, it } from 'vitest';
import { initialValues } from '../../../../../src/features/events/editor/event-form-state';
import { seriesChanges } from '../../../../../src/features/events/editor/series-changes';
import { cachedEvent } from '../../../data/event-fixture';

// "This session and the following" carries the title, the notes and the co-organisers too.
const ZONE = 'Europe/Paris';

describe('series changes with the event’s own words', () => {
  const session = cachedEvent({ title: 'Entraînement', notes: 'Casque', co_organisers: ['a'] });
  const before = initialValues(session, ZONE);

  it('sends a changed title, notes and co-organisers, and nothing else', () => {
    const after = {
      ...before,
      title: " Entraînement d'hiver ",
      notes: 'Casque et gilet',
      coOrganisers: ['a', 'b'],
    };
    expect(seriesChanges(before, after, ZONE)).toEqual({
      kind: 'changes',
      update: { title: "Entraînement d'hiver", notes: 'Casque et gilet', co_organisers: ['a', 'b'] },
      isAddressChanged: false,
    });
  });

  it('sends a changed meeting point trimmed, and clears an emptied one', () => {
    const after = { ...before, meetingPoint: '  La cale ' };
    expect(seriesChanges(before, after, ZONE)).toEqual({
      kind: 'changes',
      update: { meeting_point: 'La cale' },
      isAddressChanged: false,
    });
    const withPoint = initialValues(cachedEvent({ meeting_point: 'Le hangar' }), ZONE);
    expect(seriesChanges(withPoint, { ...withPoint, meetingPoint: ' ' }, ZONE)).toEqual({
      kind: 'changes',
      update: { meeting_point: null },
      isAddressChanged: false,
    });
  });

  it('clears an emptied title, and sees co-organisers in another order as unchanged', () => {
    const after = { ...before, title: '  ', coOrganisers: ['a'] };
    expect(seriesChanges(before, after, ZONE)).toEqual({
      kind: 'changes',
      update: { title: null },
      isAddressChanged: false,
    });
    expect(seriesChanges(before, { ...before, coOrganisers: ['a'] }, ZONE)).toEqual({ kind: 'none' });
  });
});
