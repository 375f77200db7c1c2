import { useTranslation } from 'react-i18next';
import { useToastStore } from '../state/toast-store';

/** Toasts, top-centre, 5 s each; errors are announced assertively. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{toast.text ?? t(toast.messageKey)}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={t('app.close')}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
