/**
 * jsdom has no modal dialogs. This stands in for what the components rely on: showModal opens, close
 * closes once, fires `close` and gives the focus back to what had it; Escape fires a cancelable `cancel`.
 * The real browser's behaviour is checked end to end (tests/e2e/registration.spec.ts).
 */
export function stubModalDialogs(): void {
  const openers = new WeakMap<HTMLDialogElement, Element | null>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    openers.set(this, document.activeElement);
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    const opener = openers.get(this);
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    this.dispatchEvent(new Event('close'));
  };
}

/** Escape on an open modal dialog: `cancel`, then close unless a handler prevented it. */
export function pressEscape(dialog: HTMLElement): void {
  if (dialog instanceof HTMLDialogElement && dialog.dispatchEvent(new Event('cancel', { cancelable: true })))
    dialog.close();
}
