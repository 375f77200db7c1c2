import type { ClubSettings } from '@common/contract/settings';
import { clubDayOf } from '@common/rules/club-time';
import { seasonOf } from '@common/rules/member-file-days';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { LicenceSection } from '../../../../src/features/users/licence-section';
import { useToastStore } from '../../../../src/state/toast-store';
import { json, stubFetch } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// « Licence » on the member's page (docs/rules.md#members-file): the file's state in words, the licences, the
// form that records one (PUT /api/user/{id}/licence) and the health items, which the Admin may add and remove.
const MEMBER = '5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const CURRENT = seasonOf(clubDayOf(new Date(), 'Europe/Paris'), '09-01');
const first = Number(CURRENT.slice(0, 4));
const PREVIOUS = `${first - 1}-${first}`;
const NEXT = `${first + 1}-${first + 2}`;
const AT = '2026-09-02T08:00:00.000Z';

const SETTINGS: ClubSettings = {
  club_name: 'Kayak Club',
  accent_colour: '#1d4ed8',
  reminder_hours: 24,
  show_attendees: true,
  season_start: '09-01',
  grace_end: '09-30',
  health_profile: 'ffck',
  licence_types: [
    { name: 'Canoë Famille', opens_competition: false },
    { name: 'Titre Open', opens_competition: true },
  ],
  health_keep_seasons: 1,
  health_preset_copy: null,
};
const OLD_LICENCE = {
  number: 'A-11',
  federation: 'FFCK',
  type: 'Canoë Famille',
  season: PREVIOUS,
  recorded_at: AT,
};

interface Served {
  settings: ClubSettings;
  licences: object[];
  sent: object[];
  refuse?: boolean;
  health?: object[];
}

function serve(served: Served) {
  return stubFetch((url, init) => {
    if (url === '/api/internal/club-settings') return json(200, served.settings);
    if (url === `/api/user/${MEMBER}/member-file`)
      return json(200, {
        licences: served.licences,
        health_items: [
          { kind: 'caci', date: '2026-09-01', competition: true, recorded_at: AT, recorded_by_admin: true },
          { kind: 'qs_sport', date: '2026-09-03', all_no: false, recorded_at: AT, recorded_by_admin: false },
        ],
      });
    if (url === `/api/user/${MEMBER}/dossier`)
      return json(
        200,
        served.licences.length > 1
          ? { status: 'ok', reasons: [] }
          : { status: 'missing', reasons: ['licence_missing', 'savoir_nager_missing'] },
      );
    if (url === `/api/user/${MEMBER}/health` && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      served.health?.push(body);
      return json(200, {
        items: body.items.map((item: object) => ({ ...item, recorded_at: AT, recorded_by_admin: true })),
      });
    }
    if (url === `/api/user/${MEMBER}/licence` && init.method === 'PUT') {
      if (served.refuse) return json(400, { code: 'invalid_input', message: 'type', field: 'type' });
      const body = JSON.parse(String(init.body));
      served.sent.push(body);
      const saved = { ...body, recorded_at: AT };
      served.licences = [saved, ...served.licences];
      return json(200, saved);
    }
    return json(404, { code: 'not_found', message: url, field: null });
  });
}

beforeAll(stubModalDialogs);
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});
const section = async () => {
  render(<LicenceSection userId={MEMBER} />);
  return screen.findByRole('region', { name: 'Licence' });
};

describe('the member’s licence, as an Admin sees it', () => {
  it('shows the file’s state in words, the licences and the health items', async () => {
    serve({ settings: SETTINGS, licences: [OLD_LICENCE], sent: [] });
    const region = await section();
    expect(await within(region).findByText("État du dossier aujourd'hui : Dossier incomplet")).toBeTruthy();
    const reasons = within(region).getByRole('list', { name: 'Ce qui manque' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aucune licence enregistrée pour cette saison', "Il manque l'attestation de savoir-nager"]);
    expect(within(region).getByRole('heading', { name: `Saison ${CURRENT}` })).toBeTruthy();
    expect(within(region).getByText('Aucune licence enregistrée pour cette saison.')).toBeTruthy();
    expect(within(region).getByText(`${PREVIOUS} : FFCK, Canoë Famille, n° A-11`)).toBeTruthy();

    const health = within(region).getByRole('region', { name: 'Papiers de santé' });
    const items = within(health)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Certificat médical (CACI) du 01/09/2026 · couvre la compétition · enregistré par le club Retirer',
      'Attestation QS-SPORT du 03/09/2026 · au moins une réponse « oui » · enregistré par le membre Retirer',
    ]);
    expect(
      within(health)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([
      'Retirer Certificat médical (CACI) du 01/09/2026',
      'Retirer Attestation QS-SPORT du 03/09/2026',
      'Enregistrer un papier de santé',
    ]);
  });

  it('records a health paper for the member with the profile’s dialog, and removes one after asking', async () => {
    const served: Served = { settings: SETTINGS, licences: [OLD_LICENCE], sent: [], health: [] };
    serve(served);
    const region = await section();
    const health = await within(region).findByRole('region', { name: 'Papiers de santé' });
    fireEvent.click(within(health).getByRole('button', { name: 'Enregistrer un papier de santé' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un papier de santé' });
    fireEvent.change(within(dialog).getByLabelText('Papier'), { target: { value: 'savoir_nager' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2025-06-10' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(served.health).toEqual([
      {
        items: [
          { kind: 'caci', date: '2026-09-01', competition: true },
          { kind: 'qs_sport', date: '2026-09-03', all_no: false },
          { kind: 'savoir_nager', date: '2025-06-10', way: 'attestation' },
        ],
      },
    ]);
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toEqual(['licenceAdmin.health_saved']);

    fireEvent.click(
      await within(health).findByRole('button', { name: 'Retirer Attestation QS-SPORT du 03/09/2026' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Retirer ce papier ?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Retirer' })));
    await waitFor(() => expect(served.health).toHaveLength(2));
    expect(served.health?.[1]).toEqual({ items: [{ kind: 'caci', date: '2026-09-01', competition: true }] });
  }, 15_000);

  it('records a licence of one of the club’s types for this season or the next, then reads the file again', async () => {
    const served: Served = { settings: SETTINGS, licences: [OLD_LICENCE], sent: [] };
    serve(served);
    const region = await section();
    const form = await within(region).findByRole('form', { name: 'Enregistrer une licence' });
    // The newest licence's federation and type are offered again.
    expect(within(form).getByLabelText('Fédération')).toHaveProperty('value', 'FFCK');
    const type = within(form).getByLabelText('Type de licence');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Canoë Famille', 'Titre Open (ouvre la compétition)']);
    expect(
      within(within(form).getByLabelText('Saison'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`${CURRENT} (cette saison)`, `${NEXT} (saison suivante)`]);

    fireEvent.change(within(form).getByLabelText('Numéro de licence'), { target: { value: ' 0042 ' } });
    fireEvent.change(type, { target: { value: 'Titre Open' } });
    fireEvent.change(within(form).getByLabelText('Saison'), { target: { value: NEXT } });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer la licence' })),
    );
    expect(served.sent).toEqual([{ number: '0042', federation: 'FFCK', type: 'Titre Open', season: NEXT }]);
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toEqual(['licenceAdmin.saved']);
    expect(await within(region).findByRole('heading', { name: `Saison ${NEXT} (à venir)` })).toBeTruthy();
    expect(await within(region).findByText("État du dossier aujourd'hui : Dossier complet")).toBeTruthy();
  });

  it('takes any type when the club named none, and says what is missing before sending', async () => {
    const served: Served = { settings: { ...SETTINGS, licence_types: [] }, licences: [], sent: [] };
    serve(served);
    const region = await section();
    const form = await within(region).findByRole('form', { name: 'Enregistrer une licence' });
    expect(within(form).getByText(/Le club n'a nommé aucun type de licence/)).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer la licence' })),
    );
    expect(within(form).getByRole('alert').textContent).toBe(
      'Indiquez le numéro, la fédération et le type de licence.',
    );
    expect(within(form).getByLabelText('Numéro de licence').getAttribute('aria-invalid')).toBe('true');
    expect(served.sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Numéro de licence'), { target: { value: '77' } });
    fireEvent.change(within(form).getByLabelText('Fédération'), { target: { value: 'FFA' } });
    fireEvent.change(within(form).getByLabelText('Type de licence'), { target: { value: 'Athlé Santé' } });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer la licence' })),
    );
    expect(served.sent).toEqual([{ number: '77', federation: 'FFA', type: 'Athlé Santé', season: CURRENT }]);
  });

  it('says the server’s refusal in words and keeps what was typed', async () => {
    serve({ settings: SETTINGS, licences: [OLD_LICENCE], sent: [], refuse: true });
    const region = await section();
    const form = await within(region).findByRole('form', { name: 'Enregistrer une licence' });
    fireEvent.change(within(form).getByLabelText('Numéro de licence'), { target: { value: '0042' } });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer la licence' })),
    );
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toEqual(['licenceAdmin.save_error']);
    expect(within(form).getByLabelText('Numéro de licence')).toHaveProperty('value', '0042');
  });
});
