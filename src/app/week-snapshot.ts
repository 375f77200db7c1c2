/**
 * Keeps the week screen's markup once it has settled and when the member leaves the app (it is hidden, or
 * the page goes away), for the next cold start to show at once (data/core/week-snapshot-store.ts, app/boot/week-snapshot-show.ts).
 * Only a week that shows its events (or that it has none), never a loading state; never a dialog, a toast
 * or the update prompt, which belong to that moment only.
 */
import i18n from 'i18next';
import { storeWeekSnapshot } from '../data/core/week-snapshot-store';
import { useSession } from '../state/session';
import { SNAPSHOT_ATTRIBUTE } from './boot/week-snapshot-show';

/** What is of the moment, not of the week: left out of the snapshot. */
const TRANSIENT = 'dialog, [popover], .update-prompt';

/** The snapshot to keep now, or undefined when the page shows no settled week. */
export function takeWeekSnapshot(root: HTMLElement): { monday: string; html: string } | undefined {
  if (window.location.pathname !== '/') return undefined;
  const week = root.querySelector<HTMLElement>('[data-week]');
  if (week?.dataset.weekState !== 'shown') return undefined;
  // Still the snapshot itself (the app left before React rendered): the stored one stays as it is.
  if (root.querySelector(`[${SNAPSHOT_ATTRIBUTE}]`)) return undefined;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const transient of copy.querySelectorAll(TRANSIENT)) transient.remove();
  return { monday: week.dataset.week ?? '', html: copy.innerHTML };
}

/** How long the week must stay unchanged before it is kept (a burst of renders is kept once). */
const SETTLED_MS = 1_000;

/**
 * Keeps the week once it has settled on screen (at an idle moment) and when the app is left; answers how to
 * stop. `build` is the entry chunk's URL.
 */
export function keepWeekSnapshots(build: string): () => void {
  const keep = () => {
    const root = document.getElementById('root');
    const userId = useSession.getState().user?.id;
    const snapshot = root && userId ? takeWeekSnapshot(root) : undefined;
    if (snapshot && userId) storeWeekSnapshot({ build, language: i18n.language, userId, ...snapshot });
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keepWhenSettled = () => {
    if (window.location.pathname !== '/') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(keep, { timeout: SETTLED_MS });
      else keep();
    }, SETTLED_MS);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') keep();
  };
  const root = document.getElementById('root');
  const changes = new MutationObserver(keepWhenSettled);
  // Elements and texts only: attribute changes (a checklist's ticks, a pressed button) record nothing.
  if (root) changes.observe(root, { subtree: true, childList: true, characterData: true });
  // Started after the first frame: the week may already be on screen and never change again, so it is kept
  // once it has stayed as it is, not only after its next change.
  keepWhenSettled();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', keep);
  return () => {
    clearTimeout(timer);
    changes.disconnect();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', keep);
  };
}
