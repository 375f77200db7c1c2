import type { User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../../src/data/core/connectivity';
import { saveEvent } from '../../../../../src/data/event-writes';
import { createSeries } from '../../../../../src/data/series';
import { EventFormDialog } from '../../../../../src/features/events/editor/event-form-dialog';
import { loadLaterTexts } from '../../../../../src/i18n/later-texts';
import { USER } from '../../../fake-api';
import { stubModalDialogs } from '../../../modal-dialogs';

const ZONE = 'Europe/Paris';
const MODEL = { uuid: '7d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01', name: 'Entraînement', description: '' };

vi.mock('../../../../../src/data/catalog', () => ({ useModels: () => [MODEL], useStuffs: () => [] }));
vi.mock('../../../../../src/data/settings', () => ({ useClubTimeZone: () => ZONE }));
vi.mock('../../../../../src/data/address-lookup', () => ({ lookUpLocation: vi.fn(async () => null) }));
vi.mock('../../../../../src/data/event-writes', () => ({
  saveEvent: vi.fn(async () => ({})),
  deleteEvent: vi.fn(async () => undefined),
  sendGroupMail: vi.fn(async () => undefined),
}));
vi.mock('../../../../../src/data/series', () => ({
  createSeries: vi.fn(async () => ({ sessions: [{}, {}] })),
  updateSeriesFrom: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeAll(() => loadLaterTexts('fr'));
beforeEach(() => {
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(saveEvent).mockClear();
  vi.mocked(createSeries).mockClear();
});

const CONTRIBUTOR: User = { ...USER, role_name: 'Contributor' };
const chip = (name: string) => screen.getByRole('button', { name });
const preview = () => screen.getByTestId('series-preview').textContent;

/** A new event starting on `day` at 19:00 for 90 minutes, with "Répéter" on. */
function openRepeating(day: string) {
  render(<EventFormDialog event={null} user={CONTRIBUTOR} onClose={() => undefined} />);
  fireEvent.change(screen.getByLabelText("Modèle d'évènement"), { target: { value: MODEL.uuid } });
  const [startDate, endDate] = screen.getAllByLabelText('Date');
  const [startTime, endTime] = screen.getAllByLabelText('Heure');
  fireEvent.change(startDate as HTMLElement, { target: { value: day } });
  fireEvent.change(startTime as HTMLElement, { target: { value: '19:00' } });
  fireEvent.change(endDate as HTMLElement, { target: { value: day } });
  fireEvent.change(endTime as HTMLElement, { target: { value: '20:30' } });
  fireEvent.change(screen.getByLabelText('Nombre de places'), { target: { value: '12' } });
  fireEvent.click(screen.getByRole('switch', { name: 'Répéter' }));
}

describe('the "Répéter" preview counts the sessions as the server will make them', () => {
  it('turned on, the start day is the first chip pressed', () => {
    openRepeating('2027-01-05');
    expect(chip('mardi').getAttribute('aria-pressed')).toBe('true');
    expect(chip('jeudi').getAttribute('aria-pressed')).toBe('false');
  });

  it('Tuesday and Thursday until a date: the count, the first and the last day', () => {
    openRepeating('2027-01-05');
    fireEvent.click(chip('jeudi'));
    fireEvent.change(screen.getByLabelText('Dernier jour de la série'), { target: { value: '2027-06-10' } });
    expect(preview()).toBe('46 séances, du mar. 05/01/27 au jeu. 10/06/27');
  });

  it('every two weeks, five times', () => {
    openRepeating('2027-01-05');
    fireEvent.click(chip('jeudi'));
    fireEvent.change(screen.getByLabelText('Toutes les N semaines'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Nombre de fois' }));
    fireEvent.change(screen.getByLabelText('Nombre de séances'), { target: { value: '5' } });
    expect(preview()).toBe('5 séances, du mar. 05/01/27 au mar. 02/02/27');
  });

  it('one session: "le" and its day', () => {
    openRepeating('2027-01-05');
    fireEvent.click(screen.getByRole('radio', { name: 'Nombre de fois' }));
    fireEvent.change(screen.getByLabelText('Nombre de séances'), { target: { value: '1' } });
    expect(preview()).toBe('1 séance, le mar. 05/01/27');
  });

  it('over 100 sessions: the error, and the save is disabled', () => {
    openRepeating('2027-01-05');
    for (const day of ['lundi', 'mercredi', 'jeudi', 'vendredi']) fireEvent.click(chip(day));
    fireEvent.change(screen.getByLabelText('Dernier jour de la série'), { target: { value: '2027-12-31' } });
    expect(preview()).toBe('100 séances au plus');
    expect(screen.getByRole('button', { name: 'Créer' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Nombre de fois' }));
    fireEvent.change(screen.getByLabelText('Nombre de séances'), { target: { value: '101' } });
    expect(preview()).toBe('100 séances au plus');
    fireEvent.change(screen.getByLabelText('Nombre de séances'), { target: { value: '100' } });
    expect(preview()).toBe('100 séances, du mar. 05/01/27 au lun. 24/05/27');
    expect(screen.getByRole('button', { name: 'Créer' })).toHaveProperty('disabled', false);
  });

  it('no session on these days (a Monday only until the Sunday before): the message, and no save', () => {
    openRepeating('2027-01-05');
    fireEvent.click(chip('mardi'));
    expect(preview()).toBe('Aucune séance avec ces jours');
    fireEvent.click(chip('lundi'));
    fireEvent.change(screen.getByLabelText('Dernier jour de la série'), { target: { value: '2027-01-10' } });
    expect(preview()).toBe('Aucune séance avec ces jours');
    expect(screen.getByRole('button', { name: 'Créer' })).toHaveProperty('disabled', true);
  });

  it('in English: the same preview in English words', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('en');
    try {
      render(<EventFormDialog event={null} user={CONTRIBUTOR} onClose={() => undefined} />);
      fireEvent.change(screen.getAllByLabelText('Date')[0] as HTMLElement, {
        target: { value: '2027-01-05' },
      });
      fireEvent.click(screen.getByRole('switch', { name: 'Repeat' }));
      fireEvent.click(screen.getByRole('button', { name: 'Thursday' }));
      fireEvent.change(screen.getByLabelText('Last day of the series'), { target: { value: '2027-01-14' } });
      expect(preview()).toBe('4 sessions, from Tue 05/01/27 to Thu 14/01/27');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});

describe('the weekday chips', () => {
  it('are toggle buttons with full names, moved through with the arrow keys, Home and End', () => {
    openRepeating('2027-01-05');
    const monday = chip('lundi');
    monday.focus();
    fireEvent.keyDown(monday, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chip('mardi'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(chip('dimanche'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(monday);
    fireEvent.keyDown(monday, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(chip('dimanche'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(monday);
    // Native buttons: Space and Enter press them; pressed twice, unpressed.
    expect(monday.tagName).toBe('BUTTON');
    fireEvent.click(monday);
    expect(monday.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(monday);
    expect(monday.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('saving with "Répéter" on', () => {
  const inDays = (days: number) => clubDayOf(new Date(Date.now() + days * 86_400_000), ZONE);

  it('sends the series (the event fields and the rule), not a single event', async () => {
    openRepeating(inDays(3));
    fireEvent.click(screen.getByRole('radio', { name: 'Nombre de fois' }));
    fireEvent.change(screen.getByLabelText('Nombre de séances'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(createSeries).toHaveBeenCalledTimes(1));
    const input = vi.mocked(createSeries).mock.calls[0]?.[0];
    expect(input?.recurrence).toEqual({ weekdays: expect.any(Array), interval_weeks: 1, count: 8 });
    expect(input?.max_subscribers).toBe(12);
    expect(input).not.toHaveProperty('is_cancelled');
    expect(input).not.toHaveProperty('uuid_event');
    expect(saveEvent).not.toHaveBeenCalled();
  });

  it('a missing last day is said when sending, and nothing is sent', async () => {
    openRepeating(inDays(3));
    expect(preview()).toMatch(/s'afficheront ici/);
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(preview()).toBe('Choisissez le dernier jour de la série.'));
    expect(createSeries).not.toHaveBeenCalled();
  });
});

describe('« Sauf les dates »', () => {
  const inDays = (days: number) => clubDayOf(new Date(Date.now() + days * 86_400_000), ZONE);
  const skipDate = (day: string) => {
    fireEvent.change(screen.getByLabelText('Date à sauter'), { target: { value: day } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
  };

  it('takes skipped days out of the preview, marks a day that is not a session, and blocks the save for it', () => {
    openRepeating('2027-01-05');
    fireEvent.change(screen.getByLabelText('Dernier jour de la série'), { target: { value: '2027-01-26' } });
    expect(preview()).toBe('4 séances, du mar. 05/01/27 au mar. 26/01/27');
    expect(screen.getByText('Aucune date sautée.')).toBeTruthy();
    skipDate('2027-01-12');
    expect(preview()).toBe('3 séances, du mar. 05/01/27 au mar. 26/01/27 · 1 date sautée');
    skipDate('2027-01-13');
    expect(screen.getByText('mer. 13/01/27 — pas une séance de la série')).toBeTruthy();
    expect(preview()).toBe(
      "Une date à sauter n'est pas une séance de cette série : retirez-la ou changez la règle.",
    );
    expect((screen.getByRole('button', { name: 'Créer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le mer. 13/01/27' }));
    expect(preview()).toBe('3 séances, du mar. 05/01/27 au mar. 26/01/27 · 1 date sautée');
  });

  it('sends the skipped days with the rule, in order', async () => {
    const start = inDays(3);
    openRepeating(start);
    fireEvent.click(screen.getByRole('radio', { name: 'Nombre de fois' }));
    fireEvent.change(screen.getByLabelText('Nombre de séances'), { target: { value: '6' } });
    const later = (weeks: number) =>
      clubDayOf(new Date(Date.parse(`${start}T12:00:00Z`) + weeks * 7 * 86_400_000), ZONE);
    skipDate(later(3));
    skipDate(later(1));
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(createSeries).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createSeries).mock.calls[0]?.[0].recurrence.except_dates).toEqual([later(1), later(3)]);
  });
});
