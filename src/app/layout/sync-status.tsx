import { useTranslation } from 'react-i18next';
import {
  discardWrite,
  retryWrite,
  useFailedWrites,
  useIsOnline,
  usePendingCount,
} from '../../data/sync-status';

/** Online / offline / n pending / failed, always visible in the header; "offline" comes from what requests do. */
export function SyncBadge() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const pending = usePendingCount();
  const failed = useFailedWrites().length;
  const label =
    failed > 0
      ? t('sync.failed', { count: failed })
      : pending > 0
        ? t('sync.pending', { count: pending })
        : t(isOnline ? 'sync.online' : 'sync.offline');
  const tone =
    failed > 0 ? 'sync-failed' : pending > 0 ? 'sync-pending' : isOnline ? 'sync-online' : 'sync-offline';
  return (
    <span className={`sync-badge ${tone}`} role="status" data-testid="sync-badge">
      {isOnline || failed > 0 || pending > 0 ? label : t('sync.offline')}
      {!isOnline && (pending > 0 || failed > 0) ? ` · ${t('sync.offline')}` : ''}
    </span>
  );
}

/** Writes the server refused: what, why (in the user's language), and what to do about it. */
export function FailedWrites() {
  const { t } = useTranslation();
  const failed = useFailedWrites();
  if (failed.length === 0) return null;
  return (
    <section className="failed-writes" role="alert" aria-label={t('sync.failed_title')}>
      <h2>{t('sync.failed_title')}</h2>
      <ul>
        {failed.map((row) => (
          <li key={row.id}>
            <span>{`${t(`sync.kind.${row.kind}`)} — ${t(`errors.${row.code}`)}`}</span>
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
