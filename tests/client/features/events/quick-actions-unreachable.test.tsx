import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { useToastStore } from '../../../../src/state/toast-store';
import { cacheQuickRowEvent, QuickRow } from './quick-row';

// The code of a tap cannot be fetched (a first visit gone offline before the app was kept).
vi.mock('../../../../src/features/events/quick-moves', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(cacheQuickRowEvent);

it('says the network failed when a tap’s code cannot be fetched, and queues nothing', async () => {
  render(<QuickRow />);
  fireEvent.click(await screen.findByRole('button', { name: "S'inscrire" }));
  await waitFor(() =>
    expect(useToastStore.getState().toasts.map((toast) => [toast.kind, toast.messageKey])).toEqual([
      ['error', 'errors.network_error'],
    ]),
  );
  expect(await appDb().outbox.count()).toBe(0);
});
