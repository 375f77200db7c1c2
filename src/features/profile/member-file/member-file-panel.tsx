import { clubDayOf } from '@common/rules/club-time';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type HealthItem,
  type HealthKind,
  refreshMemberFile,
  saveHealthItems,
  useMemberFile,
} from '../../../data/member-file';
import { useClubTimeZone } from '../../../data/settings';
import { errorText } from '../../../i18n/error-text';
import { showToast } from '../../../state/toast-store';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { HealthItemDialog } from '../../../ui/member-file/health-item-dialog';
import { itemName } from '../../../ui/member-file/health-item-words';
import styles from './member-file.module.css';
import { DossierState, HealthList, LicenceCard } from './member-file-parts';

type Dialog = { kind: 'add'; paper?: HealthKind } | { kind: 'edit' | 'remove'; index: number };

/**
 * A member's file as its reader sees it (docs/rules.md#members-file): the member in « Mon dossier », or a
 * guardian for their minor child. Read again online on opening, shown as last read offline with a note that
 * it may have changed; recording a date needs the network, and a refusal keeps what was typed.
 */
export function MemberFilePanel({
  userId,
  isOnline,
  isAdmin = false,
}: {
  userId: string;
  isOnline: boolean;
  /** An Admin's view of a member's file: the club's items may be changed too (docs/rules.md#members-file). */
  isAdmin?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const row = useMemberFile(userId);
  const timeZone = useClubTimeZone();
  const today = clubDayOf(new Date(), timeZone ?? 'Europe/Paris');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  // A read that ends after the panel closed says nothing: it is gone.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const load = useCallback(() => {
    setLoadError(null);
    refreshMemberFile(userId).catch((error: unknown) => {
      if (isMounted.current) setLoadError(errorText(t, error));
    });
  }, [t, userId]);
  useEffect(() => {
    if (isOnline) load();
  }, [isOnline, load]);

  const stored = row?.file.health_items ?? [];
  const items: HealthItem[] = stored;
  const chosen = dialog && dialog.kind !== 'add' ? items[dialog.index] : undefined;
  async function save(next: HealthItem[], done: string) {
    await saveHealthItems(userId, next);
    showToast('success', done, t(done));
  }
  const readAt = row
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
    : null;

  return (
    <div className={styles.panel}>
      {!isOnline && (
        <p className={styles.note} role="status">
          {row && readAt
            ? t('myDossier.stale', { date: readAt.format(row.readAt) })
            : t('myDossier.never_read')}
        </p>
      )}
      {loadError && (
        <p role="alert" className={styles.error}>
          {t('myDossier.load_failed', { reason: loadError })}{' '}
          <button type="button" className="button" onClick={load}>
            {t('myDossier.retry')}
          </button>
        </p>
      )}
      {row === undefined || (row === null && isOnline && !loadError) ? (
        <p role="status">{t('myDossier.loading')}</p>
      ) : (
        row && (
          <>
            <DossierState
              dossier={row.dossier}
              mayRecord={isOnline}
              onRecord={(paper) => setDialog({ kind: 'add', ...(paper ? { paper } : {}) })}
            />
            <LicenceCard licence={row.file.licences[0]} />
            <section className={styles.card} aria-label={t('myDossier.health_heading')}>
              <h3>{t('myDossier.health_heading')}</h3>
              <HealthList
                items={stored}
                isAdmin={isAdmin}
                mayChange={isOnline}
                onEdit={(index) => setDialog({ kind: 'edit', index })}
                onRemove={(index) => setDialog({ kind: 'remove', index })}
              />
              <button
                type="button"
                className="button button-primary"
                aria-haspopup="dialog"
                disabled={!isOnline}
                onClick={() => setDialog({ kind: 'add' })}
              >
                {t('myDossier.add')}
              </button>
              {!isOnline && <p className={styles.note}>{t('myDossier.offline_changes')}</p>}
            </section>
          </>
        )
      )}
      {dialog?.kind === 'add' && (
        <HealthItemDialog
          {...(dialog.paper ? { kind: dialog.paper } : {})}
          today={today}
          onSave={(item) => save([...items, item], 'myDossier.saved')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && chosen && (
        <HealthItemDialog
          initial={chosen}
          today={today}
          onSave={(item) => save(items.with(dialog.index, item), 'myDossier.saved')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && chosen && (
        <ConfirmDialog
          title={t('myDossier.remove_title')}
          message={t('myDossier.remove_question', { item: itemName(t, chosen, i18n.language) })}
          confirmLabel={t('myDossier.remove')}
          onConfirm={() =>
            save(
              items.filter((_, index) => index !== dialog.index),
              'myDossier.removed',
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
