import {
  type ImportRow,
  MEMBER_IMPORT_MAX_BYTES,
  type MemberImportResponse,
} from '@common/contract/member-import';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../data/sync-status';
import { importMembers } from '../../data/user-admin';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ModalDialog } from '../../ui/modal-dialog';
import { Icon } from '../../ui/screen-icons';
import {
  IgnoredColumns,
  LicencePreviewSummary,
  LicenceRowDetail,
  licencesToRecord,
  matchOutcome,
} from './licence-import-preview';
import styles from './member-import.module.css';
import usersStyles from './users.module.css';

const count = (rows: ImportRow[], status: ImportRow['status']) =>
  rows.filter((row) => row.status === status).length;

function PreviewRow({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const outcome =
    row.status === 'error'
      ? t(`memberImport.codes.${row.code}`)
      : (matchOutcome(t, row) ?? t(`memberImport.status_${row.status}`));
  return (
    <li className={`${styles.row} ${row.status === 'error' ? styles.rowError : ''}`}>
      <span className={styles.line}>{t('memberImport.line', { line: row.line })}</span>
      <span className={styles.who}>
        <span className={styles.email}>
          {row.email || t(row.is_child ? 'memberImport.child' : 'memberImport.no_email')}
        </span>
        {(name || row.username) && (
          <span className={styles.muted}>{[name, row.username].filter(Boolean).join(' · ')}</span>
        )}
        {row.guardian_emails && row.guardian_emails.length > 0 && (
          <span className={styles.muted}>
            {t('memberImport.guardians', { emails: row.guardian_emails.join(', ') })}
          </span>
        )}
        <LicenceRowDetail row={row} />
      </span>
      <span className={styles.outcome}>
        <Icon name={row.status === 'error' ? 'warning' : row.status === 'new' ? 'add' : 'check'} />
        {outcome}
      </span>
    </li>
  );
}

/**
 * « Importer des membres »: the admin picks a CSV file, sees what each row would become (a dry run: nothing
 * is written), then confirms; the new members are created and invited, all or none. A federation's licence
 * export (docs/rules.md#members-in-and-out) previews each row's member and licence, with the federation the
 * admin names when the file has no column for it.
 */
export function ImportDialog({ onImported, onClose }: { onImported: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const fileId = useId();
  const helpId = useId();
  const federationId = useId();
  const federationHelpId = useId();
  const [federation, setFederation] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<MemberImportResponse | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > MEMBER_IMPORT_MAX_BYTES) {
      setError(t('errors.too_large'));
      return;
    }
    setBusy(true);
    try {
      setPreview(await importMembers(chosen, true, federation));
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(close: () => void) {
    if (!file || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const done = await importMembers(file, false, federation);
      const invited = t(`memberImport.done_${done.invitation_mail ?? 'sent'}`, { count: done.created });
      const detail = done.licence_file
        ? [
            t('memberImport.licences.done', { count: done.licences_recorded ?? 0 }),
            ...(done.created > 0 ? [invited] : []),
          ].join(' ')
        : invited;
      showToast('success', 'memberImport.done', detail);
      onImported();
      close();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  const newCount = preview ? count(preview.rows, 'new') : 0;
  const licenceCount = preview?.licence_file ? licencesToRecord(preview.rows) : 0;
  return (
    <ModalDialog title={t('memberImport.title')} onClose={onClose} isBusy={isBusy}>
      {(close) => (
        <div className={`${usersStyles.form} ${styles.body}`}>
          <p id={helpId}>{t('memberImport.help')}</p>
          <div className={usersStyles.field}>
            <label htmlFor={fileId}>{t('memberImport.file')}</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={helpId}
              disabled={!isOnline || isBusy}
              onChange={(e) => void choose(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className={usersStyles.field}>
            <label htmlFor={federationId}>{t('memberImport.licences.federation')}</label>
            <input
              id={federationId}
              type="text"
              maxLength={100}
              autoComplete="off"
              aria-describedby={federationHelpId}
              value={federation}
              disabled={!isOnline || isBusy}
              onChange={(e) => setFederation(e.target.value)}
              // A new federation changes every row's licence: the preview is asked again.
              onBlur={() => file && void choose(file)}
            />
            <span id={federationHelpId} className={styles.muted}>
              {t('memberImport.licences.federation_help')}
            </span>
          </div>
          {isBusy && !preview && <p role="status">{t('memberImport.reading')}</p>}
          {error && (
            <p className={usersStyles.fieldError} role="alert">
              {error}
            </p>
          )}
          {preview?.licence_file && <LicencePreviewSummary preview={preview} />}
          {preview && !preview.licence_file && <IgnoredColumns preview={preview} />}
          {preview && (
            <>
              {!preview.licence_file && (
                <p role="status" className={styles.summary}>
                  {t('memberImport.summary', {
                    new: newCount,
                    exists: count(preview.rows, 'exists'),
                    errors: count(preview.rows, 'error'),
                  })}
                </p>
              )}
              {/* Scrolls on its own when the file is long: focusable, so a keyboard can scroll it too. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys */}
              <ol className={styles.rows} aria-label={t('memberImport.preview_label')} tabIndex={0}>
                {preview.rows.map((row) => (
                  <PreviewRow key={row.line} row={row} />
                ))}
              </ol>
            </>
          )}
          {!isOnline && <p className={usersStyles.notice}>{t('users.offline')}</p>}
          <div className={`${usersStyles.buttons} ${styles.actions}`}>
            <button
              type="button"
              className="button button-primary"
              disabled={!isOnline || isBusy || newCount + licenceCount === 0}
              onClick={() => void confirm(close)}
            >
              {isBusy && preview
                ? t('memberImport.importing')
                : preview?.licence_file
                  ? t('memberImport.licences.confirm', { count: licenceCount })
                  : t('memberImport.confirm', { count: newCount })}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
