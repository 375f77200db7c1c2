import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailedWrites, useIsOnline, usePendingCount } from '../../data/sync-status';
import { loadLaterTexts } from '../../i18n/later-texts';

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

const FailedWritesList = lazy(() =>
  Promise.all([import('./failed-writes-list'), loadLaterTexts()]).then(([m]) => ({
    default: m.FailedWritesList,
  })),
);

/** Writes the server refused, listed by a lazily loaded part: most pages never have one to show. */
export function FailedWrites() {
  const failed = useFailedWrites();
  if (failed.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <FailedWritesList failed={failed} />
    </Suspense>
  );
}
