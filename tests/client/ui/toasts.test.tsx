import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToastStore } from '../../../src/state/toast-store';
import { ModalDialog } from '../../../src/ui/modal-dialog';
import { pushModal } from '../../../src/ui/modal-stack';
import { Toasts } from '../../../src/ui/toasts';
import { stubModalDialogs } from '../modal-dialogs';

beforeAll(stubModalDialogs);
beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('toasts without the popover API (jsdom, older browsers)', () => {
  it('still show, as live regions', () => {
    render(<Toasts />);
    act(() => showToast('success', 'user_invite_deleted'));
    expect(screen.getByRole('status').textContent).toContain('Personne invitée retirée.');
    act(() => showToast('error', 'user_invite_delete_error'));
    expect(screen.getByRole('alert').textContent).toContain("Erreur lors de la suppression de l'invitation");
  });

  it("say a failure in the catalogue's words for the action, then the reason when there is one", () => {
    render(<Toasts />);
    act(() => showToast('error', 'user_update_failed', 'Le serveur ne répond pas.'));
    expect(screen.getByRole('alert').textContent).toContain(
      'La mise à jour du profil à échoué : Le serveur ne répond pas.',
    );
    act(() => showToast('success', 'walkIn.added', 'Jeanne est ajoutée'));
    expect(screen.getByRole('status').textContent).toContain('Jeanne est ajoutée');
    expect(screen.getByRole('status').textContent).not.toContain(' : ');
  });
});

describe('toasts in the top layer', () => {
  // A stand-in for the browser's manual popover: each show puts the region on top of the top layer.
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    HTMLElement.prototype.showPopover = function showPopover(this: HTMLElement) {
      // As the browser: a popover out of the document cannot be shown.
      if (!this.isConnected) throw new DOMException('Invalid on disconnected popover elements.');
      calls.push('show');
      this.dataset.popoverOpen = '';
    };
    HTMLElement.prototype.hidePopover = function hidePopover(this: HTMLElement) {
      calls.push('hide');
      delete this.dataset.popoverOpen;
    };
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':popover-open'
        ? this instanceof HTMLElement && this.dataset.popoverOpen !== undefined
        : matches.call(this, selector);
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'showPopover');
    Reflect.deleteProperty(HTMLElement.prototype, 'hidePopover');
  });

  it('shows the region with the first toast, raises it for each new one, hides it with the last', () => {
    const { container } = render(<Toasts />);
    const region = container.querySelector('.toasts');
    expect(region?.getAttribute('popover')).toBe('manual');
    expect(calls).toEqual([]);
    act(() => showToast('info', 'a'));
    expect(calls).toEqual(['show']);
    act(() => showToast('info', 'b'));
    expect(calls).toEqual(['show', 'hide', 'show']);
    act(() => useToastStore.setState({ toasts: [] }));
    expect(calls).toEqual(['show', 'hide', 'show', 'hide']);
  });

  it('moves into a modal dialog opened while a toast shows (outside, it would be inert), on top of it', () => {
    render(<Toasts />);
    act(() => showToast('success', 'user_invite_updated'));
    calls.length = 0;
    const { unmount } = render(
      <ModalDialog title="Kayak" onClose={() => undefined}>
        {() => null}
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Kayak' });
    expect(dialog.querySelector('.toasts')?.textContent).toContain('Personne invitée modifiée.');
    expect(calls).toEqual(['show']);
    unmount();
    expect(document.body.querySelector(':scope > div > .toasts')?.textContent).toContain(
      'Personne invitée modifiée.',
    );
    expect(calls).toEqual(['show', 'show']);
  });

  it('waits out a dialog that left the page while still the top modal, then shows in the page', () => {
    // The cancel dialog's case: it closes in the same commit as its toast arrives.
    const dialog = document.createElement('dialog');
    const leaveStack = pushModal(dialog);
    const { container } = render(<Toasts />);
    act(() => showToast('success', 'user_invite_updated'));
    expect(calls).toEqual([]);
    act(() => leaveStack());
    expect(container.querySelector('.toasts')?.textContent).toContain('Personne invitée modifiée.');
    expect(calls).toEqual(['show']);
  });
});

describe('the room a toast takes', () => {
  const room = () => document.documentElement.style.getPropertyValue('--toast-room');
  // jsdom lays nothing out: the band is made 100 px tall, from the viewport's bottom.
  beforeEach(() => {
    const measure = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.classList.contains('toasts')
        ? new DOMRect(0, window.innerHeight - 100, 300, 100)
        : measure.call(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('is reserved while a toast shows, for the scroll boxes to end above it, and given back after', () => {
    render(<Toasts />);
    expect(room()).toBe('');
    act(() => showToast('success', 'user_invite_deleted'));
    // The band's height from the viewport's bottom, and a gap.
    expect(room()).toBe('108px');
    act(() => useToastStore.setState({ toasts: [] }));
    expect(room()).toBe('');
  });

  it('is reserved for a lasting notice too, shown in the same band', () => {
    const { container, rerender } = render(<Toasts notice={<p>Une nouvelle version est disponible.</p>} />);
    expect(container.querySelector('.toasts')?.textContent).toContain('Une nouvelle version est disponible.');
    expect(room()).toBe('108px');
    rerender(<Toasts notice={null} />);
    expect(room()).toBe('');
  });
});
