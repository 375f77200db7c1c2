import type { ImportRow, MemberImportResponse } from '@common/contract/member-import';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styles from './member-import.module.css';

// A federation's licence export in the import's preview (docs/rules.md#members-in-and-out): who each row
// found and how, the licence it records, and the health columns left unread.

/** The rows whose licence the import records: a member found or invited, and a licence not already there. */
export const licencesToRecord = (rows: ImportRow[]): number =>
  rows.filter((row) => row.status !== 'error' && row.licence && !row.licence.unchanged).length;

/** The outcome in words of a row that found its member, else null (the import's own words then). */
export function matchOutcome(t: TFunction, row: ImportRow): string | null {
  if (row.status !== 'exists' || !row.match || row.match === 'new') return null;
  return t(`memberImport.licences.match_${row.match}`);
}

/** The member found and the licence to record, under the row's names. */
export function LicenceRowDetail({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  const member = row.member;
  const memberName = member ? [member.first_name, member.last_name].filter(Boolean).join(' ') : '';
  return (
    <>
      {member && (
        <span className={styles.muted}>
          {t('memberImport.licences.member', {
            name: memberName || member.username,
            username: member.username,
          })}
        </span>
      )}
      {row.licence && (
        <span className={styles.muted}>
          {t(
            row.licence.unchanged
              ? 'memberImport.licences.licence_unchanged'
              : 'memberImport.licences.licence',
            {
              season: row.licence.season,
              type: row.licence.type,
              number: row.licence.number,
              federation: row.licence.federation,
            },
          )}
        </span>
      )}
    </>
  );
}

/** The summary of a licence export's preview, and the health columns that were never read. */
export function LicencePreviewSummary({ preview }: { preview: MemberImportResponse }) {
  const { t } = useTranslation();
  const rows = preview.rows;
  return (
    <>
      <p role="status" className={styles.summary}>
        {t('memberImport.licences.summary', {
          licences: licencesToRecord(rows),
          unchanged: rows.filter((row) => row.status !== 'error' && row.licence?.unchanged).length,
          new: rows.filter((row) => row.status === 'new').length,
          errors: rows.filter((row) => row.status === 'error').length,
        })}
      </p>
      <IgnoredColumns preview={preview} />
    </>
  );
}

/** Says which columns looked like health data and were ignored: the import never brings health in. */
export function IgnoredColumns({ preview }: { preview: MemberImportResponse }) {
  const { t } = useTranslation();
  const ignored = preview.ignored_columns ?? [];
  if (ignored.length === 0) return null;
  return (
    <p className={styles.muted}>
      {t('memberImport.licences.ignored', {
        columns: ignored.map((name) => t('memberImport.licences.column', { name })).join(', '),
      })}
    </p>
  );
}
