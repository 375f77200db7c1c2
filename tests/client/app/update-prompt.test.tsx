import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUpdateStore } from '../../../src/app/pwa-update';
import { UpdatePrompt } from '../../../src/app/update-prompt';

describe('update prompt', () => {
  it('stays hidden until a new version waits, then switches only when asked', () => {
    useUpdateStore.setState({ applyUpdate: null });
    render(<UpdatePrompt />);
    expect(screen.queryByText('Une nouvelle version est disponible.')).toBeNull();

    const applyUpdate = vi.fn();
    act(() => useUpdateStore.setState({ applyUpdate }));
    expect(screen.getByText('Une nouvelle version est disponible.')).toBeTruthy();
    expect(applyUpdate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(applyUpdate).toHaveBeenCalledOnce();
  });
});
