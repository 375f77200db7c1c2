import { describe, expect, it } from 'vitest';
import { initialValues, toInput } from '../../../../../src/features/events/editor/event-form-state';
import { cachedEvent } from '../../../data/event-fixture';

// The form sends co_organisers only when they changed, so a copy of the event from before another device's
// change does not undo it when the address is fixed.
const ZONE = 'Europe/Paris';

describe('co-organisers in the event form', () => {
  it('start from the event, and are left out of the save while unchanged', () => {
    const event = cachedEvent({ co_organisers: ['a', 'b'] });
    const values = initialValues(event, ZONE);
    expect(values.coOrganisers).toEqual(['a', 'b']);
    expect(toInput({ ...values, coOrganisers: ['b', 'a'] }, ZONE, event, '', false)).not.toHaveProperty(
      'co_organisers',
    );
  });

  it('are sent whole once changed, an empty list included', () => {
    const event = cachedEvent({ co_organisers: ['a'] });
    const values = initialValues(event, ZONE);
    expect(toInput({ ...values, coOrganisers: ['a', 'c'] }, ZONE, event, '', false).co_organisers).toEqual([
      'a',
      'c',
    ]);
    expect(toInput({ ...values, coOrganisers: [] }, ZONE, event, '', false).co_organisers).toEqual([]);
  });

  it('an event cached before co-organisers existed (no field) counts as none', () => {
    const { co_organisers: _, ...older } = cachedEvent();
    const values = initialValues(older, ZONE);
    expect(values.coOrganisers).toEqual([]);
    expect(toInput(values, ZONE, older, '', false)).not.toHaveProperty('co_organisers');
  });
});
