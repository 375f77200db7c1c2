const SCROLL_KEYS = new Set(['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', ' ', 'Home', 'End']);

/**
 * The page scrolls in its own box (`main`), not the document, so that it ends above a toast. A browser sends
 * the keys that scroll to the focused element, and with nothing focused (a fresh load) to the document, which
 * no longer scrolls: such a key gives `main` the focus first, so it scrolls.
 */
export function sendScrollKeysTo(main: HTMLElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!SCROLL_KEYS.has(event.key) || event.defaultPrevented) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    main.focus({ preventScroll: true });
  };
  document.addEventListener('keydown', onKey, true);
  return () => document.removeEventListener('keydown', onKey, true);
}
