import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CancelMessageField } from './cancel-message-field';
import type { SeriesScope } from './series-changes';
import { SeriesScopeChoice } from './series-scope';

/**
 * Cancelling a session of a series: this one, or this one and the following. The members are told either
 * way, so the choice is asked before anything is sent; "Retour" has the focus (the harmless answer).
 * Either can carry the organiser's word, told with the cancellation.
 */
export function SeriesCancelDialog({
  message,
  initialScope,
  onConfirm,
  onClose,
}: {
  /** Names the session: "Annuler la séance Kayak du 06/01/27 ?" */
  message: string;
  /** What the form's own choice says: the organiser already picked it there. */
  initialScope: SeriesScope;
  onConfirm: (scope: SeriesScope, reason: string | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<SeriesScope>(initialScope);
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={t('series.cancel_title')}
      message={message}
      confirmLabel={t('series.cancel_confirm')}
      cancelLabel={t('series.back')}
      onConfirm={() => onConfirm(scope, reason.trim() || undefined)}
      onClose={onClose}
    >
      <SeriesScopeChoice name="series-cancel-scope" value={scope} onChange={setScope} />
      <CancelMessageField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
