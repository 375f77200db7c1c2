import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type HealthItem,
  replaceHealthItemsAsAdmin,
  type StoredHealthItem,
} from '../../data/member-file-admin';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { HealthItemDialog } from '../../ui/member-file/health-item-dialog';
import styles from './licence.module.css';

/** A club day `yyyy-mm-dd` in the reader's language (a day: no time zone moves it). */
export const dayText = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** What an item attests beside its date, in words; never a medical detail (docs/rules.md#members-file). */
function detailOf(t: TFunction, item: StoredHealthItem): string | null {
  switch (item.kind) {
    case 'caci':
      return t(item.competition ? 'licenceAdmin.caci_competition' : 'licenceAdmin.caci_no_competition');
    case 'qs_sport':
      return t(item.all_no ? 'licenceAdmin.qs_all_no' : 'licenceAdmin.qs_yes');
    case 'minor_questionnaire':
      return t('licenceAdmin.signed_by', { name: item.signed_by });
    case 'savoir_nager':
      return t(item.way === 'test' ? 'licenceAdmin.way_test' : 'licenceAdmin.way_attestation');
    case 'pps':
      return null;
  }
}

/**
 * The member's health items as recorded (docs/rules.md#members-file), on the member's page: the Admin reads
 * them, adds one with the same dialog as « Mon dossier », and removes any (the server keeps who recorded each).
 * Online only: an Admin's device keeps no member's health data.
 */
export function LicenceHealthList({
  items,
  userId,
  today,
  isOnline,
  onChanged,
}: {
  items: readonly StoredHealthItem[];
  userId: string;
  today: string;
  isOnline: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'remove'; index: number } | null>(null);
  const nameOf = (item: StoredHealthItem) =>
    t('licenceAdmin.item_dated', {
      item: t(`licenceAdmin.kind.${item.kind}`),
      date: dayText(item.date, i18n.language),
    });

  // A refusal is thrown to the dialog, which says it and stays open with what was typed.
  async function save(next: readonly HealthItem[], done: string) {
    await replaceHealthItemsAsAdmin(userId, next);
    showToast('success', done, t(done));
    onChanged();
  }

  const removing = dialog?.kind === 'remove' ? items[dialog.index] : undefined;
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId}>{t('licenceAdmin.health_title')}</h3>
      {items.length === 0 ? (
        <p className={styles.hint}>{t('licenceAdmin.health_none')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item, index) => {
            const detail = detailOf(t, item);
            return (
              <li key={`${item.kind}-${item.date}-${item.recorded_at}`}>
                <strong>{nameOf(item)}</strong>
                {detail && <span> · {detail}</span>}
                <span className={styles.hint}>
                  {' · '}
                  {t(item.recorded_by_admin ? 'licenceAdmin.by_club' : 'licenceAdmin.by_member')}
                </span>{' '}
                <button
                  type="button"
                  className="link-button"
                  disabled={!isOnline}
                  aria-label={t('licenceAdmin.health_remove_label', { item: nameOf(item) })}
                  onClick={() => setDialog({ kind: 'remove', index })}
                >
                  {t('licenceAdmin.health_remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <button type="button" disabled={!isOnline} onClick={() => setDialog({ kind: 'add' })}>
          {t('licenceAdmin.health_add')}
        </button>
      </p>
      <p className={styles.hint}>{t('licenceAdmin.health_where')}</p>
      {dialog?.kind === 'add' && (
        <HealthItemDialog
          today={today}
          onSave={(item) => save([...items, item], 'licenceAdmin.health_saved')}
          onClose={() => setDialog(null)}
        />
      )}
      {removing && dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t('licenceAdmin.health_remove_title')}
          message={t('licenceAdmin.health_remove_question', { item: nameOf(removing) })}
          confirmLabel={t('licenceAdmin.health_remove')}
          onConfirm={() =>
            save(
              items.filter((_, index) => index !== dialog.index),
              'licenceAdmin.health_removed',
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
