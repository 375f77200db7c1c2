import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { useEvent } from '../../../../src/data/events';
import { QuickActions } from '../../../../src/features/events/quick-actions';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';
import { KIT_EVENT_UUID, kitEvent } from './kit-fixtures';

// The code of a tap cannot be fetched (a first visit gone offline before the app was kept).
vi.mock('../../../../src/features/events/quick-moves', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

function Row() {
  const event = useEvent(KIT_EVENT_UUID);
  return event ? <QuickActions event={event} user={USER} /> : null;
}

beforeEach(async () => {
  const db = appDb();
  await Promise.all([db.outbox.clear(), db.events.clear()]);
  await db.events.put(kitEvent({ stuffs_available: [] }));
  useToastStore.setState({ toasts: [] });
});

it('says the network failed when a tap’s code cannot be fetched, and queues nothing', async () => {
  render(<Row />);
  fireEvent.click(await screen.findByRole('button', { name: "S'inscrire" }));
  await waitFor(() =>
    expect(useToastStore.getState().toasts.map((toast) => [toast.kind, toast.messageKey])).toEqual([
      ['error', 'errors.network_error'],
    ]),
  );
  expect(await appDb().outbox.count()).toBe(0);
});
