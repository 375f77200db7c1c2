import {
  type HealthPresetCopy,
  type HealthProfile,
  type MemberFileSettings,
  memberFileSettingsSchema,
  monthDayField,
} from '@common/contract/member-file';
import type { ClubSettings } from '@common/contract/settings';
import { copyOfPreset } from '@common/rules/member-file-club-preset';
import { MEMBER_FILE_PRESETS } from '@common/rules/member-file-presets';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateClubSettings } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';
import { PresetCopyEditor } from './member-file-copy-editor';
import { MonthDayField } from './member-file-day-field';
import { LicenceTypesField } from './member-file-licence-types';
import { PresetPicker } from './member-file-preset-picker';
import own from './member-file-settings.module.css';

/** 0–10 seasons, the contract's bounds (memberFileSettingsSchema). */
const KEEP_CHOICES = Array.from({ length: 11 }, (_, n) => n);

/** The member's file settings as saved, their defaults while the server sends none. */
const savedFileSettings = (saved: ClubSettings): MemberFileSettings =>
  memberFileSettingsSchema.parse({
    season_start: saved.season_start,
    grace_end: saved.grace_end,
    health_profile: saved.health_profile,
    licence_types: saved.licence_types,
    health_keep_seasons: saved.health_keep_seasons,
    health_preset_copy: saved.health_preset_copy ?? null,
  });

/**
 * « Dossier des membres » (docs/rules.md#members-file): the season, its grace period, the club's preset (and
 * its copy), the licence types and how long health items are kept; saved together.
 */
export function MemberFileForm({
  saved,
  onSaved,
  isOnline,
  offlineReasonId,
}: {
  saved: ClubSettings;
  onSaved: (settings: ClubSettings) => void;
  isOnline: boolean;
  offlineReasonId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<MemberFileSettings | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const stored = savedFileSettings(saved);
  const value = draft ?? stored;
  const change = (changes: Partial<MemberFileSettings>) => setDraft({ ...value, ...changes });

  const startValid = monthDayField.safeParse(value.season_start).success;
  const graceValid = monthDayField.safeParse(value.grace_end).success;
  const isValid = startValid && graceValid;
  // The copy is the old preset's: another preset drops it (the server does the same).
  const dropsCopy = stored.health_preset_copy !== null && value.health_profile !== stored.health_profile;

  function pickPreset(profile: HealthProfile) {
    const copy = value.health_preset_copy;
    change({ health_profile: profile, health_preset_copy: copy?.based_on === profile ? copy : null });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValid || isSaving || !isOnline) return;
    setIsSaving(true);
    try {
      onSaved(await updateClubSettings(value));
      setDraft(null);
      showToast('success', 'memberFileSettings.saved');
    } catch (error) {
      showToast('error', 'memberFileSettings.save_error', errorText(t, error));
    } finally {
      setIsSaving(false);
    }
  }

  const copy: HealthPresetCopy | null = value.health_preset_copy;
  return (
    <form
      className={`card ${styles.section}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('memberFileSettings.title')}</h2>
      <MonthDayField
        legend={t('memberFileSettings.season_start')}
        hint={t('memberFileSettings.season_start_hint')}
        value={value.season_start}
        isValid={startValid}
        onChange={(season_start) => change({ season_start })}
      />
      <MonthDayField
        legend={t('memberFileSettings.grace_end')}
        hint={t('memberFileSettings.grace_end_hint')}
        value={value.grace_end}
        isValid={graceValid}
        onChange={(grace_end) => change({ grace_end })}
      />
      {!isValid && (
        <p className={form.error} role="alert">
          {t('memberFileSettings.day_invalid')}
        </p>
      )}
      <PresetPicker value={value.health_profile} dropsCopy={dropsCopy} onChange={pickPreset} />
      {copy ? (
        <>
          <PresetCopyEditor copy={copy} onChange={(health_preset_copy) => change({ health_preset_copy })} />
          <div>
            <button type="button" className="button" onClick={() => change({ health_preset_copy: null })}>
              {t('memberFileSettings.copy_drop')}
            </button>
          </div>
        </>
      ) : (
        <div className={own.group}>
          <p className={styles.hint}>{t('memberFileSettings.copy_none')}</p>
          <div>
            <button
              type="button"
              className="button"
              onClick={() =>
                change({ health_preset_copy: copyOfPreset(MEMBER_FILE_PRESETS[value.health_profile]) })
              }
            >
              {t('memberFileSettings.copy_edit')}
            </button>
          </div>
        </div>
      )}
      <LicenceTypesField
        value={value.licence_types}
        onChange={(licence_types) => change({ licence_types })}
      />
      <label className={own.inline}>
        {t('memberFileSettings.keep_seasons')}
        <select
          value={value.health_keep_seasons}
          aria-describedby={`${id}-keep-hint`}
          onChange={(event) => change({ health_keep_seasons: Number(event.target.value) })}
        >
          {KEEP_CHOICES.map((n) => (
            <option key={n} value={n}>
              {t('memberFileSettings.seasons', { count: n })}
            </option>
          ))}
        </select>
      </label>
      <p id={`${id}-keep-hint`} className={styles.hint}>
        {t('memberFileSettings.keep_seasons_hint')}
      </p>
      <div>
        <button
          type="submit"
          className="button button-primary"
          disabled={!isValid || isSaving || !isOnline}
          aria-describedby={isOnline ? undefined : offlineReasonId}
        >
          {t(isSaving ? 'memberFileSettings.saving' : 'memberFileSettings.save')}
        </button>
      </div>
    </form>
  );
}
