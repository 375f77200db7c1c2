import { type ReactNode, useEffect, useState } from 'react';
import { whenNetworkQuiet } from '../data/sync-status';
import { useToastStore } from '../state/toast-store';
import { watchUsedControls } from './used-controls';

type ToastsComponent = typeof import('./toasts').Toasts;

/** The app's requests quiet this long (30 s at most): the first screen's reads are done. */
const QUIET_MS = 1_500;
const WAIT_AT_MOST_MS = 30_000;

/**
 * The toasts' band (toasts.tsx) is a chunk of its own: the first paint shows no toast. It is fetched once the
 * first screen's reads are done, never beside them, or with the first toast or lasting notice if that comes
 * sooner. Once in, it stays mounted and hides itself when empty. A fetch that fails (no network before the
 * service worker holds the chunks) is tried again with the next toast, and never takes the page down.
 */
export function ToastBand({ notice }: { notice?: ReactNode }) {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const shows = hasToast || (notice !== undefined && notice !== null);
  const [isDue, setDue] = useState(false);
  const [Toasts, setToasts] = useState<ToastsComponent | null>(null);
  useEffect(watchUsedControls, []);
  useEffect(() => {
    let isCurrent = true;
    void whenNetworkQuiet(QUIET_MS, WAIT_AT_MOST_MS).then(() => {
      if (isCurrent) setDue(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  useEffect(() => {
    if (!(shows || isDue) || Toasts) return;
    let isCurrent = true;
    import('./toasts')
      .then((m) => {
        if (isCurrent) setToasts(() => m.Toasts);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [shows, isDue, Toasts]);
  return Toasts ? <Toasts notice={notice} /> : null;
}
