import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToastStore } from '../../../src/state/toast-store';
import { ToastBand } from '../../../src/ui/toast-band';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => Reflect.deleteProperty(Element.prototype, 'scrollIntoView'));

describe('the toasts’ band, fetched with its first toast', () => {
  it('is not on the page before a toast, then shows the first one', async () => {
    const { container } = render(<ToastBand />);
    expect(container.querySelector('.toasts')).toBeNull();
    act(() => showToast('success', 'subscribe_success'));
    expect((await screen.findByRole('status')).textContent).toContain('Inscription enregistrée.');
    // Once in, the band stays and hides itself when empty.
    act(() => useToastStore.setState({ toasts: [] }));
    expect(container.querySelector('.toasts')).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a lasting notice in the same band', async () => {
    render(<ToastBand notice={<p>Une nouvelle version est disponible.</p>} />);
    expect(await screen.findByText('Une nouvelle version est disponible.')).toBeTruthy();
  });

  it('keeps in view the control pressed before its code came, when its toast shows', async () => {
    const scrolled = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true });
    render(
      <>
        <button type="button">S’inscrire</button>
        <ToastBand />
      </>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'S’inscrire' }));
    act(() => showToast('success', 'subscribe_success'));
    await screen.findByRole('status');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('button', { name: 'S’inscrire' }));
  });
});
