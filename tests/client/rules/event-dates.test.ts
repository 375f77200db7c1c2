import { clubDateTime, clubTimeOf } from '@common/rules/club-time';
import { eventDateError } from '@common/rules/event-dates';
import { describe, expect, it } from 'vitest';

const NOW = new Date('2030-06-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('eventDateError (the same function the server calls)', () => {
  it('refuses an end at or before the start', () => {
    expect(eventDateError(at('2030-06-12T10:00Z'), at('2030-06-12T09:00Z'), NOW)?.code).toBe('error_date');
    expect(eventDateError(at('2030-06-12T10:00Z'), at('2030-06-12T10:00Z'), NOW)?.field).toBe('end_date');
  });

  it('refuses a new start in the past, but lets an update keep its start', () => {
    const start = at('2030-06-09T10:00Z');
    const end = at('2030-06-12T10:00Z');
    expect(eventDateError(start, end, NOW)).toEqual({ code: 'error_date_past', field: 'start_date' });
    expect(eventDateError(start, end, NOW, start)).toBeNull();
    expect(eventDateError(start, end, NOW, at('2030-06-08T10:00Z'))?.code).toBe('error_date_past');
  });
});

describe('club wall-clock times', () => {
  it('reads a date and time in the club zone, across summer time', () => {
    expect(clubDateTime('2030-06-12', '00:00', 'Europe/Paris').toISOString()).toBe(
      '2030-06-11T22:00:00.000Z',
    );
    expect(clubDateTime('2030-01-12', '09:30', 'Europe/Paris').toISOString()).toBe(
      '2030-01-12T08:30:00.000Z',
    );
    expect(clubTimeOf(at('2030-06-11T22:00:00Z'), 'Europe/Paris')).toBe('00:00');
    expect(clubTimeOf(at('2030-06-11T22:00:00Z'), 'America/New_York')).toBe('18:00');
  });
});
