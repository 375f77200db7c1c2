import type { ConsentKey } from '@common/rules/consents';
import { CONSENT_KINDS, PHOTO_OWN_AGREEMENT_UNDER } from '@common/rules/consents';
import { ageOn } from '@common/rules/family';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyChild } from '../../../data/family';
import { type Consents, fetchConsents, saveConsents } from '../../../data/family-writes';
import { errorText } from '../../../i18n/error-text';
import { showToast } from '../../../state/toast-store';
import { FormDialog } from '../../../ui/form-dialog';
import styles from './family.module.css';

/**
 * A child's consents for the season (docs/rules.md#families): one box per consent, each with who answered
 * last and when; under 15, the child's own agreement to photos too. Only the boxes changed are sent, so a
 * consent the other guardian changed meanwhile is not overwritten.
 */
export function ConsentsDialog({
  child,
  today,
  onClose,
}: {
  child: FamilyChild;
  /** The club day, `yyyy-mm-dd`. */
  today: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const name = child.first_name ?? child.username;
  const [consents, setConsents] = useState<Consents | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Partial<Record<ConsentKey, boolean>>>({});
  const isYoung = child.birth_date ? ageOn(child.birth_date, today) < PHOTO_OWN_AGREEMENT_UNDER : false;
  const keys: ConsentKey[] = isYoung ? [...CONSENT_KINDS, 'photo_child_agrees'] : [...CONSENT_KINDS];

  useEffect(() => {
    fetchConsents(child.id).then(setConsents, (error: unknown) => setLoadError(errorText(t, error)));
  }, [child.id, t]);

  const isTicked = (key: ConsentKey) => ticked[key] ?? consents?.[key]?.given ?? false;
  const answered = (key: ConsentKey) => {
    const entry = consents?.[key];
    if (!entry) return null;
    const by = entry.by ? [entry.by.first_name, entry.by.last_name].filter(Boolean).join(' ') : '';
    return t('my_family.consent_by', {
      answer: t(entry.given ? 'my_family.consent_given' : 'my_family.consent_withdrawn'),
      name: by || t('my_family.consent_someone'),
      date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(entry.at)),
    });
  };

  async function submit(): Promise<string | undefined> {
    if (!consents) return loadError ?? t('my_family.consents_loading');
    const changed = Object.fromEntries(
      keys
        .filter((key) => isTicked(key) !== (consents[key]?.given ?? false))
        .map((key) => [key, isTicked(key)]),
    );
    const saved = await saveConsents(child.id, { season: consents.season, ...changed });
    setConsents(saved);
    showToast('success', 'my_family.consents_saved', t('my_family.consents_saved', { name }));
    return undefined;
  }

  return (
    <FormDialog
      title={t('my_family.consents_title', { name, season: consents?.season ?? '' })}
      saveLabel={t('my_family.save_consents')}
      savingLabel={t('my_family.saving_consents')}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.hint}>{t('my_family.consents_hint')}</p>
      {!consents && !loadError && <p role="status">{t('my_family.consents_loading')}</p>}
      {loadError && <p role="alert">{loadError}</p>}
      {consents && (
        <ul className={styles.consents}>
          {keys.map((key) => (
            <li key={key}>
              <input
                id={`${id}-${key}`}
                type="checkbox"
                checked={isTicked(key)}
                aria-describedby={answered(key) ? `${id}-${key}-by` : undefined}
                onChange={(event) => setTicked({ ...ticked, [key]: event.target.checked })}
              />
              <label htmlFor={`${id}-${key}`}>{t(`my_family.consent_${key}`, { name })}</label>
              {answered(key) && (
                <span id={`${id}-${key}-by`} className={styles.answered}>
                  {answered(key)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
