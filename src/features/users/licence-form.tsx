import type { MemberFileSettings } from '@common/contract/member-file';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LicenceAnswer, recordLicence } from '../../data/member-file-admin';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import styles from './licence.module.css';

type LicenceType = MemberFileSettings['licence_types'][number];
/** The contract's bounds (licenceSchema): the server says 400 past them, the form says why first. */
const NUMBER_MAX = 40;
const FEDERATION_MAX = 100;
const TYPE_MAX = 60;

/**
 * Records a member's licence (docs/rules.md#members-file): its number, federation, type (one of the club's
 * licence types, or any when it named none) and season, this one or the next; a season's licence replaces
 * the one recorded for it.
 */
export function LicenceForm({
  userId,
  seasons,
  licenceTypes,
  latest,
  isOnline,
  onSaved,
}: {
  userId: string;
  /** This season and the next, `2025-2026`. */
  seasons: readonly [string, string];
  licenceTypes: readonly LicenceType[];
  /** The newest licence recorded: its federation and type are offered again. */
  latest: LicenceAnswer | undefined;
  isOnline: boolean;
  onSaved: (licence: LicenceAnswer) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const firstType = licenceTypes.some((type) => type.name === latest?.type)
    ? (latest?.type ?? '')
    : (licenceTypes[0]?.name ?? latest?.type ?? '');
  const [number, setNumber] = useState('');
  const [federation, setFederation] = useState(latest?.federation ?? '');
  const [type, setType] = useState(firstType);
  const [season, setSeason] = useState<string>(seasons[0]);
  const [isSaving, setIsSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  const missing = {
    number: number.trim() === '',
    federation: federation.trim() === '',
    type: type.trim() === '',
  };
  const isValid = !missing.number && !missing.federation && !missing.type;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSaving || !isOnline) return;
    if (!isValid) {
      setShowErrors(true);
      return;
    }
    setIsSaving(true);
    try {
      const saved = await recordLicence(userId, {
        number: number.trim(),
        federation: federation.trim(),
        type: type.trim(),
        season,
      });
      setNumber('');
      setShowErrors(false);
      showToast('success', 'licenceAdmin.saved');
      onSaved(saved);
    } catch (error) {
      showToast('error', 'licenceAdmin.save_error', errorText(t, error));
    } finally {
      setIsSaving(false);
    }
  }

  const invalid = (field: keyof typeof missing) => (showErrors && missing[field]) || undefined;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t('licenceAdmin.form_title')}</h3>
      <div className={form.field}>
        <label htmlFor={`${id}-number`}>{t('licenceAdmin.number')}</label>
        <input
          id={`${id}-number`}
          value={number}
          maxLength={NUMBER_MAX}
          autoComplete="off"
          aria-invalid={invalid('number')}
          onChange={(event) => setNumber(event.target.value)}
        />
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-federation`}>{t('licenceAdmin.federation')}</label>
        <input
          id={`${id}-federation`}
          value={federation}
          maxLength={FEDERATION_MAX}
          aria-invalid={invalid('federation')}
          onChange={(event) => setFederation(event.target.value)}
        />
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-type`}>{t('licenceAdmin.type')}</label>
        {licenceTypes.length > 0 ? (
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)}>
            {licenceTypes.map((each) => (
              <option key={each.name} value={each.name}>
                {each.opens_competition ? t('licenceAdmin.type_competition', { name: each.name }) : each.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={`${id}-type`}
            value={type}
            maxLength={TYPE_MAX}
            aria-invalid={invalid('type')}
            aria-describedby={`${id}-type-hint`}
            onChange={(event) => setType(event.target.value)}
          />
        )}
        {licenceTypes.length === 0 && (
          <p id={`${id}-type-hint`} className={styles.hint}>
            {t('licenceAdmin.type_free')}
          </p>
        )}
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-season`}>{t('licenceAdmin.season')}</label>
        <select id={`${id}-season`} value={season} onChange={(event) => setSeason(event.target.value)}>
          <option value={seasons[0]}>{t('licenceAdmin.season_current', { season: seasons[0] })}</option>
          <option value={seasons[1]}>{t('licenceAdmin.season_next', { season: seasons[1] })}</option>
        </select>
      </div>
      {showErrors && !isValid && (
        <p className={form.error} role="alert">
          {t('licenceAdmin.required')}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={isSaving || !isOnline}>
          {t(isSaving ? 'licenceAdmin.saving' : 'licenceAdmin.save')}
        </button>
      </div>
    </form>
  );
}
