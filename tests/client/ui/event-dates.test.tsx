import { eventDates } from '@common/rules/date-display';
import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../src/data/core/db';
import { EventDatesText } from '../../../src/ui/event-dates';

// A same-day event shows its weekday, date, duration in hours and minutes and hour range; a longer one its
// from/to dates and times. Dates dd/MM/yy, times HH:mm, always in the club's time zone.
const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';

describe('eventDates (the rule)', () => {
  it('a same-day event: weekday, date, times and a duration like 1h05, in French and English', () => {
    const fr = eventDates('2026-12-07T09:00:00Z', '2026-12-07T10:05:00Z', 'fr', PARIS);
    expect(fr).toEqual({
      isSameDay: true,
      weekday: 'lun.',
      startDate: '07/12/26',
      startTime: '10:00',
      endDate: '07/12/26',
      endTime: '11:05',
      duration: '1h05',
    });
    const en = eventDates('2026-12-07T09:00:00Z', '2026-12-07T10:05:00Z', 'en', PARIS);
    expect([en.weekday, en.startDate, en.startTime, en.duration]).toEqual([
      'Mon',
      '07/12/26',
      '10:00',
      '1h05',
    ]);
  });

  it('durations under an hour and of whole hours keep two-digit minutes', () => {
    expect(eventDates('2026-12-07T09:00:00Z', '2026-12-07T09:45:00Z', 'fr', PARIS).duration).toBe('0h45');
    expect(eventDates('2026-12-07T09:00:00Z', '2026-12-07T12:00:00Z', 'fr', PARIS).duration).toBe('3h00');
  });

  it('an event crossing midnight in the club zone spans two days, even when it does not in UTC', () => {
    // 23:30 to 00:30 in Paris; 22:30 to 23:30 the same UTC day.
    const d = eventDates('2026-12-07T22:30:00Z', '2026-12-07T23:30:00Z', 'fr', PARIS);
    expect(d.isSameDay).toBe(false);
    expect([d.startDate, d.startTime, d.endDate, d.endTime]).toEqual([
      '07/12/26',
      '23:30',
      '08/12/26',
      '00:30',
    ]);
  });

  it('an evening in New York is the club day there, not the next UTC day', () => {
    const d = eventDates('2026-12-08T01:00:00Z', '2026-12-08T03:00:00Z', 'en', NEW_YORK);
    expect(d.isSameDay).toBe(true);
    expect([d.weekday, d.startDate, d.startTime, d.endTime]).toEqual(['Mon', '07/12/26', '20:00', '22:00']);
  });

  it('on the spring DST Sunday in Paris, 00:30 to 04:30 lasts 3h00 of real time', () => {
    const d = eventDates('2026-03-28T23:30:00Z', '2026-03-29T02:30:00Z', 'fr', PARIS);
    expect(d).toMatchObject({ isSameDay: true, weekday: 'dim.', startDate: '29/03/26' });
    expect([d.startTime, d.endTime, d.duration]).toEqual(['00:30', '04:30', '3h00']);
  });

  it('on the autumn DST Sunday in Paris, 01:00 to 04:00 lasts 4h00', () => {
    const d = eventDates('2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z', 'fr', PARIS);
    expect([d.isSameDay, d.startTime, d.endTime, d.duration]).toEqual([true, '01:00', '04:00', '4h00']);
  });
});

describe('EventDatesText (what the member reads)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('fr'));
    await appDb().clubSettings.delete('timezone');
  });

  it('same day, in French, in the default club zone (Paris)', async () => {
    render(<EventDatesText start="2026-12-07T09:00:00Z" end="2026-12-07T10:05:00Z" />);
    expect(await screen.findByText('lun. 07/12/26 · 1h05 · 10:00–11:05')).toBeTruthy();
  });

  it('same day, in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<EventDatesText start="2026-12-07T09:00:00Z" end="2026-12-07T10:05:00Z" />);
    expect(await screen.findByText('Mon 07/12/26 · 1h05 · 10:00–11:05')).toBeTruthy();
  });

  it('several days: from and to, in French and English', async () => {
    const { unmount } = render(<EventDatesText start="2026-12-12T08:00:00Z" end="2026-12-13T16:30:00Z" />);
    expect(await screen.findByText('du 12/12/26 09:00 au 13/12/26 17:30')).toBeTruthy();
    unmount();
    await act(() => i18n.changeLanguage('en'));
    render(<EventDatesText start="2026-12-12T08:00:00Z" end="2026-12-13T16:30:00Z" />);
    expect(await screen.findByText('from 12/12/26 09:00 to 13/12/26 17:30')).toBeTruthy();
  });

  it("in the club's own time zone, as cached from its settings", async () => {
    await appDb().clubSettings.put({ key: 'timezone', value: NEW_YORK });
    render(<EventDatesText start="2026-12-08T01:00:00Z" end="2026-12-08T03:00:00Z" />);
    expect(await screen.findByText('lun. 07/12/26 · 2h00 · 20:00–22:00')).toBeTruthy();
  });

  it('crossing midnight in the club zone reads as two days', async () => {
    render(<EventDatesText start="2026-12-07T22:30:00Z" end="2026-12-07T23:30:00Z" />);
    expect(await screen.findByText('du 07/12/26 23:30 au 08/12/26 00:30')).toBeTruthy();
  });
});
