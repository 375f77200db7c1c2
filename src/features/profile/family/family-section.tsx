import type { User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { seasonOf } from '@common/rules/consents';
import { isMinorOn } from '@common/rules/family';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FamilyChild, type Guardian, useFamily } from '../../../data/family';
import { refreshFamily, unlinkGuardian } from '../../../data/family-writes';
import { useClubTimeZone } from '../../../data/settings';
import { errorText } from '../../../i18n/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { AddChildDialog } from './add-child-dialog';
import { ConsentsDialog } from './consents-dialog';
import styles from './family.module.css';
import { InviteGuardianDialog } from './invite-guardian-dialog';

type Dialog = { kind: 'add' } | { kind: 'invite' | 'consents' | 'leave' | 'file'; child: FamilyChild };

// A child's file is its own chunk, loaded when a guardian opens it (docs/rules.md#members-file).
const ChildFileDialog = lazy(() =>
  import('../member-file/child-file-dialog').then((m) => ({ default: m.ChildFileDialog })),
);

const fullName = (person: Pick<Guardian, 'first_name' | 'last_name'>) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');
const dayText = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * « Ma famille » (docs/rules.md#families): the member's children with their guardians and birth dates, adding
 * a child, linking the other parent (when the club lets guardians do it), each child's consents for the
 * season. Read again online on opening, shown as last read offline; changes need the network.
 */
export function FamilySection({ user, isOnline }: { user: User; isOnline: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const family = useFamily(user.id);
  const timeZone = useClubTimeZone();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const today = clubDayOf(new Date(), timeZone ?? 'Europe/Paris');

  // A read that ends after the screen closed says nothing: the section is gone.
  const isMounted = useRef(true);
  useEffect(
    () => () => {
      isMounted.current = false;
    },
    [],
  );
  const load = useCallback(() => {
    setLoadError(null);
    refreshFamily().catch((error: unknown) => {
      if (isMounted.current) setLoadError(errorText(t, error));
    });
  }, [t]);
  useEffect(() => {
    if (isOnline) load();
  }, [isOnline, load]);

  const isGuarded = (family?.guardians.length ?? 0) > 0;
  const mayInvite = isOnline && family?.may_invite_guardians !== false;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('my_family.title')}</h2>
      <p className={styles.note}>{t('my_family.intro')}</p>
      {!isOnline && (
        <p className={styles.note} role="status">
          {t('my_family.offline')}
        </p>
      )}
      {loadError && (
        <p role="alert" className={styles.error}>
          {t('my_family.load_failed', { reason: loadError })}{' '}
          <button type="button" className="button" onClick={load}>
            {t('my_family.retry')}
          </button>
        </p>
      )}
      {family === undefined || (family === null && !loadError) ? (
        <p role="status">{t('my_family.loading')}</p>
      ) : (
        family && (
          <>
            {isGuarded && (
              <p>{t('my_family.my_guardians', { names: family.guardians.map(fullName).join(', ') })}</p>
            )}
            {family.children.length === 0 ? (
              <p className={styles.note}>{t('my_family.none')}</p>
            ) : (
              <ul className={styles.children} aria-label={t('my_family.children_label')}>
                {family.children.map((child) => {
                  const name = child.first_name ?? child.username;
                  // From 18 a guardian no longer answers for the child: the server would refuse the consents.
                  const isMinor = isMinorOn(child.birth_date ?? null, today);
                  return (
                    <li key={child.id} className={styles.child}>
                      <h3>{fullName(child) || child.username}</h3>
                      {child.birth_date && (
                        <p>{t('my_family.born', { date: dayText(child.birth_date, i18n.language) })}</p>
                      )}
                      <p>{t('my_family.guardians', { names: child.guardians.map(fullName).join(', ') })}</p>
                      <div className={styles.buttons}>
                        {isMinor && (
                          <button
                            type="button"
                            className="button"
                            aria-haspopup="dialog"
                            aria-label={t('my_family.consents_label', { name, season: seasonOf(today) })}
                            disabled={!isOnline}
                            onClick={() => setDialog({ kind: 'consents', child })}
                          >
                            {t('my_family.consents')}
                          </button>
                        )}
                        {isMinor && (
                          <button
                            type="button"
                            className="button"
                            aria-haspopup="dialog"
                            aria-label={t('myDossier.family_open_label', { name })}
                            onClick={() => setDialog({ kind: 'file', child })}
                          >
                            {t('myDossier.family_open')}
                          </button>
                        )}
                        {mayInvite && (
                          <button
                            type="button"
                            className="button"
                            aria-haspopup="dialog"
                            aria-label={t('my_family.invite_label', { name })}
                            onClick={() => setDialog({ kind: 'invite', child })}
                          >
                            {t('my_family.invite')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="button"
                          aria-haspopup="dialog"
                          aria-label={t('my_family.leave_label', { name })}
                          disabled={!isOnline}
                          onClick={() => setDialog({ kind: 'leave', child })}
                        >
                          {t('my_family.leave')}
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            {isGuarded ? (
              <p className={styles.note}>{t('my_family.guarded_note')}</p>
            ) : (
              <button
                type="button"
                className="button button-primary"
                aria-haspopup="dialog"
                disabled={!isOnline}
                onClick={() => setDialog({ kind: 'add' })}
              >
                {t('my_family.add_child')}
              </button>
            )}
          </>
        )
      )}
      {dialog?.kind === 'add' && <AddChildDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'invite' && (
        <InviteGuardianDialog
          key={dialog.child.id}
          childId={dialog.child.id}
          childName={dialog.child.first_name ?? dialog.child.username}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'leave' && (
        <ConfirmDialog
          title={t('my_family.leave_title')}
          message={t('my_family.leave_question', { name: dialog.child.first_name ?? dialog.child.username })}
          confirmLabel={t('my_family.leave_confirm')}
          onConfirm={() => unlinkGuardian(dialog.child.id, user.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'file' && (
        <Suspense fallback={null}>
          <ChildFileDialog
            key={dialog.child.id}
            childId={dialog.child.id}
            childName={dialog.child.first_name ?? dialog.child.username}
            isOnline={isOnline}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'consents' && (
        <ConsentsDialog
          key={dialog.child.id}
          child={dialog.child}
          today={today}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
