import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore } from '../state/toast-store';

// A modal <dialog> sits in the browser's top layer, above any z-index: the toasts must be there too, and
// above it. The region is a manual popover; showing it again moves it to the top of the top layer.
let region: HTMLElement | null = null;

const canPop = (element: HTMLElement | null): element is HTMLElement =>
  typeof element?.showPopover === 'function';
// Without the API (older browsers, jsdom) the region stays a plain fixed box: a `popover` attribute that
// nothing ever shows would hide it.
const hasPopoverApi = () => typeof HTMLElement.prototype.showPopover === 'function';

/** Puts the toasts, when some are shown, above everything else (a modal dialog opened after them too). */
export function raiseToasts(): void {
  if (!canPop(region) || !region.matches(':popover-open')) return;
  region.hidePopover();
  region.showPopover();
}

/** Toasts, top-centre, 5 s each; errors are announced assertively. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const ref = useRef<HTMLDivElement>(null);
  const newest = toasts.at(-1)?.id;

  useLayoutEffect(() => {
    region = ref.current;
    return () => {
      region = null;
    };
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!canPop(element)) return;
    if (newest === undefined) {
      if (element.matches(':popover-open')) element.hidePopover();
    } else if (element.matches(':popover-open')) {
      raiseToasts();
    } else {
      element.showPopover();
    }
  }, [newest]);

  return (
    <div ref={ref} className="toasts" popover={hasPopoverApi() ? 'manual' : undefined}>
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
