import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { SeriesScope } from './series-changes';
import { SeriesScopeChoice } from './series-scope';

/**
 * Cancelling a session of a series: this one, or this one and the following. The members are told either
 * way, so the choice is asked before anything is sent; "Retour" has the focus (the harmless answer).
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
  onConfirm: (scope: SeriesScope) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<SeriesScope>(initialScope);
  return (
    <ConfirmDialog
      title={t('series.cancel_title')}
      message={message}
      confirmLabel={t('series.cancel_confirm')}
      cancelLabel={t('series.back')}
      onConfirm={() => onConfirm(scope)}
      onClose={onClose}
    >
      <SeriesScopeChoice name="series-cancel-scope" value={scope} onChange={setScope} />
    </ConfirmDialog>
  );
}
