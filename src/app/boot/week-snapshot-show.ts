/**
 * The inline scripts' half of the week snapshot (data/core/week-snapshot-store.ts): the head's script
 * chooses it (chooseWeekSnapshot), the one-line script right after `<div id="root">` shows it
 * (showWeekSnapshot, on the page's global object). Shown inert: nothing in it can be clicked or focused,
 * and screen readers skip it, until React's first render replaces it with the same week, live.
 */
import { guessedWeek } from '../../data/core/page-load-plan';
import { CACHED_USER_KEY } from '../../data/core/session-storage';
import { storedWeekSnapshot } from '../../data/core/week-snapshot-store';

/** Marks what the snapshot put in #root (tests and the bench tell it from the live screen by it). */
export const SNAPSHOT_ATTRIBUTE = 'data-week-snapshot';

let chosen: string | undefined;

function cachedUserId(): unknown {
  return (JSON.parse(localStorage.getItem(CACHED_USER_KEY) ?? 'null') as { id?: unknown } | null)?.id;
}

/** Keeps the stored snapshot for this start when it was taken by this build, language, member and week. */
export function chooseWeekSnapshot(build: string, language: string, search: string): void {
  const snapshot = storedWeekSnapshot();
  const fits =
    snapshot !== undefined &&
    build !== '' &&
    snapshot.build === build &&
    snapshot.language === language &&
    snapshot.monday === guessedWeek(search) &&
    snapshot.userId === cachedUserId();
  chosen = fits ? snapshot.html : undefined;
}

/** Puts the chosen snapshot in #root, inert; React's first commit clears #root and renders the live week. */
export function showWeekSnapshot(): void {
  const root = document.getElementById('root');
  if (chosen === undefined || !root || root.childElementCount > 0) return;
  root.innerHTML = chosen;
  for (const child of root.children) {
    child.setAttribute('inert', '');
    child.setAttribute(SNAPSHOT_ATTRIBUTE, '');
  }
  chosen = undefined;
}
