import { useEffect, useRef } from 'react';

/**
 * A native `<dialog>` shown modally while mounted (the browser traps focus and closes it on Escape).
 * React passes a nested dialog's `close` up to its parents' `onClose`: handlers check the target.
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
