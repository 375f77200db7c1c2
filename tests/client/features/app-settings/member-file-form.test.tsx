import type { ClubSettings } from '@common/contract/settings';
import { copyOfPreset } from '@common/rules/member-file-club-preset';
import { CODE_DU_SPORT } from '@common/rules/member-file-presets';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateClubSettings } from '../../../../src/data/settings';
import { MemberFileForm } from '../../../../src/features/app-settings/member-file-form';
import { useToastStore } from '../../../../src/state/toast-store';

vi.mock('../../../../src/data/settings', () => ({ updateClubSettings: vi.fn() }));

// « Dossier des membres » (docs/rules.md#members-file): the season, the preset and its copy, the licence types
// and how long health papers are kept, saved with one button.
const CLUB: ClubSettings = {
  club_name: 'Kayak Club',
  accent_colour: '#1d4ed8',
  reminder_hours: 24,
  show_attendees: true,
  short_name: null,
  season_start: '09-01',
  grace_end: '09-30',
  health_profile: 'code_du_sport',
  licence_types: [],
  health_keep_seasons: 1,
  health_preset_copy: null,
};

let saved: ClubSettings;
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  useToastStore.setState({ toasts: [] });
  saved = CLUB;
  vi.mocked(updateClubSettings)
    .mockReset()
    .mockImplementation(async (changes) => ({ ...saved, ...changes }));
});

function renderForm(settings: ClubSettings = CLUB) {
  const onSaved = vi.fn();
  render(<MemberFileForm saved={settings} onSaved={onSaved} isOnline offlineReasonId="offline" />);
  return onSaved;
}
const group = (name: string) => screen.getByRole('group', { name });
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer le dossier des membres' });
const save = () => act(async () => fireEvent.click(saveButton()));
const pick = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the members’ files settings', () => {
  it('save the season, the preset, the licence types and the keeping, together', async () => {
    const onSaved = renderForm();
    const start = group('Début de la saison');
    expect(within(start).getByLabelText('Jour')).toHaveProperty('value', '01');
    expect(within(start).getByLabelText('Mois')).toHaveProperty('value', '09');
    pick(start, 'Jour', '15');
    pick(start, 'Mois', '08');
    pick(group('Fin de la période de grâce'), 'Jour', '15');
    pick(group('Fin de la période de grâce'), 'Mois', '10');

    // Each preset says where its facts come from, when they were checked, and what was not found.
    const ffck = screen.getByRole('radio', { name: 'FFCK (canoë-kayak)' });
    const facts = document.getElementById(ffck.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(within(facts).getByText('Vérifié le 25 novembre 2026')).toBeTruthy();
    expect(within(facts).getByText('https://www.kayakdemer35.fr (règlement intérieur)')).toBeTruthy();
    expect(within(facts).getByText(/La règle du CACI des majeurs depuis 2022 : non trouvée/)).toBeTruthy();
    fireEvent.click(ffck);

    const types = group('Types de licence');
    expect(within(types).getByText(/une licence peut avoir n'importe quel type/)).toBeTruthy();
    fireEvent.change(within(types).getByLabelText('Nouveau type'), { target: { value: ' Canoë Famille ' } });
    fireEvent.click(within(types).getByRole('button', { name: 'Ajouter le type' }));
    fireEvent.change(within(types).getByLabelText('Nouveau type'), { target: { value: 'Titre Open' } });
    fireEvent.click(within(types).getByLabelText('Ouvre la compétition'));
    fireEvent.click(within(types).getByRole('button', { name: 'Ajouter le type' }));
    fireEvent.change(within(types).getByLabelText('Nouveau type'), { target: { value: 'Titre Open' } });
    expect(within(types).getByRole('alert').textContent).toBe('Ce type est déjà dans la liste.');
    expect(within(types).getByRole('button', { name: 'Ajouter le type' })).toHaveProperty('disabled', true);
    fireEvent.change(within(types).getByLabelText('Nouveau type'), { target: { value: 'Titre Temporaire' } });
    fireEvent.click(within(types).getByRole('button', { name: 'Ajouter le type' }));
    fireEvent.click(within(types).getByRole('button', { name: 'Retirer Titre Temporaire' }));
    expect(within(types).getByLabelText('Titre Open ouvre la compétition')).toHaveProperty('checked', true);

    fireEvent.change(screen.getByLabelText('Garder les papiers de santé après la fin de la licence'), {
      target: { value: '2' },
    });
    await save();
    expect(updateClubSettings).toHaveBeenCalledWith({
      season_start: '08-15',
      grace_end: '10-15',
      health_profile: 'ffck',
      licence_types: [
        { name: 'Canoë Famille', opens_competition: false },
        { name: 'Titre Open', opens_competition: true },
      ],
      health_keep_seasons: 2,
      health_preset_copy: null,
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ health_profile: 'ffck' }));
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toEqual(['memberFileSettings.saved']);
  });

  it('refuses a day the month lacks', () => {
    renderForm();
    pick(group('Début de la saison'), 'Mois', '02');
    pick(group('Début de la saison'), 'Jour', '30');
    expect(screen.getByRole('alert').textContent).toBe("Ce jour n'existe pas : choisissez un jour du mois.");
    expect(saveButton()).toHaveProperty('disabled', true);
    pick(group('Début de la saison'), 'Jour', '29');
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it('edit a copy of the preset, field by field in words', async () => {
    renderForm();
    expect(screen.getByText("Le club suit ces règles telles qu'elles sont publiées.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier une copie' }));
    const copy = group('Copie modifiée par le club');
    expect(within(copy).getByLabelText('Un certificat médical vaut')).toHaveProperty('value', '12');
    pick(copy, 'Un certificat médical vaut', '24');
    pick(copy, 'Majeurs, après le certificat de la première licence', 'none');
    pick(copy, 'Mineurs', 'caci');
    pick(copy, 'Le PPS remplace le certificat de compétition pendant', '3');
    fireEvent.click(
      within(copy).getByLabelText("L'attestation de savoir-nager est demandée pour toute activité"),
    );
    await save();
    expect(vi.mocked(updateClubSettings).mock.calls[0]?.[0].health_preset_copy).toEqual({
      ...copyOfPreset(CODE_DU_SPORT),
      caci_months: 24,
      adult_qs_renewals: null,
      minor: 'caci',
      pps_months: 3,
      savoir_nager: true,
    });
  });

  it('say that choosing another preset drops the club’s copy, and send it dropped', async () => {
    const copy = { ...copyOfPreset(CODE_DU_SPORT), caci_months: 18 };
    saved = { ...CLUB, health_preset_copy: copy };
    renderForm(saved);
    expect(
      within(group('Copie modifiée par le club')).getByLabelText('Un certificat médical vaut'),
    ).toHaveProperty('value', '18');
    fireEvent.click(screen.getByRole('radio', { name: 'FFA (athlétisme)' }));
    expect(screen.getByText("Choisir d'autres règles abandonne la copie modifiée du club.")).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Copie modifiée par le club' })).toBeNull();
    // Back on the club's preset before saving: the copy is still there.
    fireEvent.click(screen.getByRole('radio', { name: 'Code du sport' }));
    fireEvent.click(screen.getByRole('radio', { name: 'FFA (athlétisme)' }));
    await save();
    expect(updateClubSettings).toHaveBeenCalledWith(
      expect.objectContaining({ health_profile: 'ffa', health_preset_copy: null }),
    );
  });

  it('show each preset’s facts in English', async () => {
    await i18n.changeLanguage('en');
    renderForm();
    const ffa = screen.getByRole('radio', { name: 'FFA (athletics)' });
    const facts = document.getElementById(ffa.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(within(facts).getByText('Checked on November 25, 2026')).toBeTruthy();
    expect(within(facts).getByText(/The renewal of adults’ licences: not found/)).toBeTruthy();
    await i18n.changeLanguage('fr');
  });
});
