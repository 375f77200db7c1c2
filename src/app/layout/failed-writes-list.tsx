import { useTranslation } from 'react-i18next';
import { discardWrite, type FailedWrite, retryWrite } from '../../data/sync-status';
import { refusalText } from '../../i18n/dossier-text';

/**
 * Writes the server refused: what, why (in the user's language), and what to do about it. Its own chunk, with the
 * later texts: the home route carries only the check that there is something to show (sync-status.tsx).
 */
export function FailedWritesList({ failed }: { failed: readonly FailedWrite[] }) {
  const { t } = useTranslation();
  // A kit refused for an item gone says which (docs/rules.md#kit); a file that blocks, what it lacks
  // (docs/rules.md#members-file).
  const reasonOf = (row: FailedWrite) =>
    row.stuffName
      ? t('sync.stuff_gone', { name: row.stuffName })
      : refusalText(t, row.code, null, row.reasons);
  return (
    <section className="failed-writes" role="alert" aria-label={t('sync.failed_title')}>
      <h2>{t('sync.failed_title')}</h2>
      <ul>
        {failed.map((row) => (
          <li key={row.id}>
            <span>{`${t(`sync.kind.${row.kind}`)} — ${reasonOf(row)}`}</span>
            <button type="button" className="button" onClick={() => void retryWrite(row.id)}>
              {t('sync.retry')}
            </button>
            <button type="button" className="button" onClick={() => void discardWrite(row.id)}>
              {t('sync.discard')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
