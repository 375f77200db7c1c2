import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useToastStore } from '../state/toast-store';
import { useTopModal } from './modal-stack';
import { reserveRoomFor } from './toast-clearance';

// A modal <dialog> sits in the browser's top layer, above any z-index, and makes the rest of the page
// inert. So the region lives inside the topmost modal dialog when one is open (clickable, read out), and
// is a manual popover: showing it again puts it on top of the top layer, above that dialog's backdrop.
const hasPopoverApi = () => typeof HTMLElement.prototype.showPopover === 'function';

function raise(region: HTMLElement) {
  if (region.matches(':popover-open')) region.hidePopover();
  region.showPopover();
}

/**
 * Toasts, bottom-centre (clear of the header and of a dialog), 5 s each; errors are announced assertively.
 * `notice` is a lasting message shown in the same band (the new version's prompt), so it covers nothing
 * either. The app shows it through ToastBand (toast-band.tsx), which notes the controls pressed meanwhile.
 */
export function Toasts({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const ref = useRef<HTMLDivElement>(null);
  const topModal = useTopModal();
  const newest = toasts.at(-1)?.id;
  const hasNotice = notice !== undefined && notice !== null;
  const shows = newest !== undefined || hasNotice;

  // topModal: moving into or out of a dialog makes a new region element, not shown yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newest toast raises the band above a dialog opened since, and keeps the control just pressed in view; a new dialog makes a new region.
  useLayoutEffect(() => {
    const region = ref.current;
    // A dialog closing in the same commit as a toast arrives is still the top modal for this render, and the
    // region went out of the page with it (showPopover would throw). Its leaving the stack renders again,
    // into the next modal or the page, and that region is raised.
    if (!region?.isConnected) return;
    if (hasPopoverApi()) {
      if (shows) raise(region);
      else if (region.matches(':popover-open')) region.hidePopover();
    }
    // The page's (or the dialog's) scroll box ends above the band while it shows.
    return shows ? reserveRoomFor(region) : undefined;
  }, [newest, topModal, shows]);

  // A failure names the action in the app's words, then the reason when there is one.
  const toastWords = ({ kind, messageKey, text }: (typeof toasts)[number]) =>
    kind === 'error' && text
      ? t('app.error_with_reason', { action: t(messageKey), reason: text })
      : (text ?? t(messageKey));

  const region = (
    <div ref={ref} className="toasts" popover={hasPopoverApi() ? 'manual' : undefined}>
      {notice}
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{toastWords(toast)}</span>
          {toast.action && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                dismiss(toast.id);
                toast.action?.run();
              }}
            >
              {t(toast.action.labelKey)}
            </button>
          )}
          <button
            type="button"
            className="toast-close"
            aria-label={t('app.dismiss_toast')}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return topModal ? createPortal(region, topModal) : region;
}
