import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '../../../src/ui/modal-dialog';

// A browser fires a dialog's `close` event a task after close(), not inside it. Between the two, a tap on
// another item's Edit finds the closing dialog still mounted: unless the screen keys the dialog by its item,
// React reuses it for the new item, never shows it, and the late `close` event shuts the new edit too. Here
// `close` is deferred as a browser defers it.
const realShowModal = HTMLDialogElement.prototype.showModal;
const realClose = HTMLDialogElement.prototype.close;
beforeAll(() => {
  vi.useFakeTimers();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
});
afterAll(() => {
  vi.useRealTimers();
  HTMLDialogElement.prototype.showModal = realShowModal;
  HTMLDialogElement.prototype.close = realClose;
});

/** Two posts, each with an Edit button, and one edit dialog at a time, keyed as the news screen keys it. */
function TwoPosts({ onClose, isKeyed = true }: { onClose: (title: string) => void; isKeyed?: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <>
      {['Sortie mer', "Horaires d'hiver"].map((title) => (
        <button key={title} type="button" onClick={() => setEditing(title)}>
          Modifier {title}
        </button>
      ))}
      {editing && (
        <ModalDialog
          key={isKeyed ? editing : 'edit'}
          title={`Modifier ${editing}`}
          onClose={() => {
            onClose(editing);
            setEditing(null);
          }}
        >
          {(close) => (
            <button type="button" onClick={close}>
              Enregistrer
            </button>
          )}
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  /** Saves the first post's edit, and taps the second's Edit before the browser's `close` event. */
  function quickSecondEdit(isKeyed: boolean) {
    const closed: string[] = [];
    render(<TwoPosts onClose={(title) => closed.push(title)} isKeyed={isKeyed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Sortie mer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    fireEvent.click(screen.getByRole('button', { name: "Modifier Horaires d'hiver", hidden: true }));
    act(() => vi.runAllTimers());
    return { closed, next: screen.queryByRole('dialog', { name: "Modifier Horaires d'hiver" }) };
  }

  it('keyed by its item, the next item’s dialog opens even when tapped before the last one’s close event', () => {
    const { closed, next } = quickSecondEdit(true);
    expect(next?.hasAttribute('open')).toBe(true);
    expect(closed).toEqual([]);
  });

  it('unkeyed, the same tap is lost: the reason the screens key their edit dialogs', () => {
    const { closed, next } = quickSecondEdit(false);
    expect(next).toBeNull();
    expect(closed).toEqual(["Horaires d'hiver"]);
  });

  it('tells its parent once when the browser closes it (Escape)', () => {
    const closed: string[] = [];
    render(<TwoPosts onClose={(title) => closed.push(title)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Sortie mer' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier Sortie mer' }) as HTMLDialogElement;
    dialog.close();
    expect(closed).toEqual([]);
    act(() => vi.runAllTimers());
    expect(closed).toEqual(['Sortie mer']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
