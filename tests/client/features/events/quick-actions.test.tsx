import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { ToastBand } from '../../../../src/ui/toast-band';
import { KIT_EVENT_UUID } from './kit-fixtures';
import { cacheQuickRowEvent, QuickRow } from './quick-row';

// The row's one-tap answers: their buttons paint with the week, what a tap does (quick-moves.ts) and the words of
// its toasts come at the first tap. The move still takes the tap's time, and says what happened in words.

beforeEach(async () => {
  await cacheQuickRowEvent();
  // Offline: the move is kept on this device, never sent by a test.
  useConnectivityStore.setState({ isOnline: false });
});

afterEach(() => vi.restoreAllMocks());

describe('a row’s one-tap answer', () => {
  it('is queued with the time of the tap, however late its code comes', async () => {
    render(
      <>
        <QuickRow />
        <ToastBand />
      </>,
    );
    const button = await screen.findByRole('button', { name: "S'inscrire" });
    const tappedAt = Date.now() - 60_000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(tappedAt);
    fireEvent.click(button);
    // The code of the move arrives a minute later: the write is still dated at the tap.
    now.mockReturnValue(tappedAt + 60_000);
    await waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
    const [row] = await appDb().outbox.toArray();
    expect(row).toMatchObject({
      kind: 'subscribe',
      createdAt: tappedAt,
      body: { uuid_event: KIT_EVENT_UUID, subscribe: true },
    });
    // Kept on this device, said in the later texts' words (never a raw key).
    expect(
      (await screen.findByText('Enregistré sur cet appareil — envoi au retour du réseau')).textContent,
    ).toBeTruthy();
  });
});
