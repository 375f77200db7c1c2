import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/data/core/api-client';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../src/ui/confirm-dialog';
import { pressEscape, stubModalDialogs } from '../modal-dialogs';

beforeAll(stubModalDialogs);

const QUESTION = "Supprimer l'invité Paul Durand ?";

/** A delete button that opens the confirmation, as a screen uses it. */
function Opener(props: Partial<ConfirmDialogProps> & Pick<ConfirmDialogProps, 'onConfirm'>) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Supprimer Paul Durand
      </button>
      {isOpen && (
        <ConfirmDialog
          message={QUESTION}
          {...props}
          onClose={() => {
            setIsOpen(false);
            props.onClose?.();
          }}
        />
      )}
    </>
  );
}

function open(props: Parameters<typeof Opener>[0]) {
  render(<Opener {...props} />);
  const opener = screen.getByRole('button', { name: 'Supprimer Paul Durand' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('alertdialog', { name: 'Confirmer la suppression' }) };
}

/** A promise the test settles by hand, to see the dialog while the delete runs. */
function pending() {
  let settle = { resolve: () => {}, reject: (_: unknown) => {} };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

describe('the delete confirmation', () => {
  it('is a modal alert dialog titled, naming the item, with Cancel focused and a worded delete button', () => {
    const { dialog } = open({ onConfirm: vi.fn(async () => undefined) });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByText(QUESTION).closest('p')?.id).toBe(dialog.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Annuler' }));
    // The destructive button says what it does: its colour is not the only warning.
    expect(screen.getByRole('button', { name: 'Supprimer' }).querySelector('svg')).not.toBeNull();
  });

  it('falls back to the generic question and labels when the caller names nothing', () => {
    render(<ConfirmDialog onConfirm={async () => undefined} onClose={() => undefined} />);
    expect(screen.getByText('Voulez-vous vraiment supprimer cet élément ?')).toBeTruthy();
  });

  it('Cancel closes without deleting, and the focus goes back to the button that opened it', () => {
    const onConfirm = vi.fn(async () => undefined);
    const { opener } = open({ onConfirm });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape closes it without deleting', () => {
    const onConfirm = vi.fn(async () => undefined);
    const { dialog, opener } = open({ onConfirm });
    act(() => pressEscape(dialog));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('confirming runs the delete, shows it busy meanwhile (Escape ignored), then closes', async () => {
    const run = pending();
    const onConfirm = vi.fn(() => run.promise);
    const onClose = vi.fn();
    const { dialog } = open({ onConfirm, onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Suppression…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveProperty('disabled', true);
    fireEvent.click(busy);
    act(() => pressEscape(dialog));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(true);
    await act(async () => run.resolve());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open with the translated error when the delete fails, and can be tried again', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(404, 'not_found', 'Not Found'))
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    open({ onConfirm, onClose });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Supprimer' })));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Élément introuvable.');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Supprimer' })));
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
