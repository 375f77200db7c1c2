import type { User } from '@common/contract/user';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { type DrainTransport, drainOutbox } from '../../../../src/data/core/drain';
import { useEvent } from '../../../../src/data/events';
import { QuickActions } from '../../../../src/features/events/quick-actions';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { KIT_EVENT_UUID, kitEvent } from './kit-fixtures';

// Those who take attendance may subscribe a member whose file blocks (docs/rules.md#members-file): the refusal is
// said in place with « Inscrire quand même », which sends the subscription again with `override`.
beforeAll(stubModalDialogs);

const LOU: User = {
  ...USER,
  id: '1a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
  username: 'lou',
  first_name: 'Lou',
  last_name: 'Le Bihan',
};
const ADMIN: User = { ...USER, role_name: 'Admin' };
const BLOCKS = {
  code: 'dossier_incomplete',
  // The server's message names what the file lacks, in the reader's language.
  message:
    "Le dossier n'est pas complet pour cet évènement. Il manque les papiers de santé. Il manque l'attestation de savoir-nager.",
  field: null,
  reasons: ['health_missing', 'savoir_nager_missing'],
};
const refusing: DrainTransport = {
  sendBatch: async (rows) => rows.map(() => ({ status: 409, body: BLOCKS })),
  fetchEvent: async () => null,
};

function KeptActions({ actor }: { actor: User }) {
  const event = useEvent(KIT_EVENT_UUID);
  return event ? <QuickActions event={event} user={LOU} actor={actor} /> : null;
}

async function subscribeRefused(actor: User) {
  const db = appDb();
  await Promise.all([db.outbox.clear(), db.events.clear()]);
  await db.session.put({ key: 'current', token: 'tok', user: actor });
  await db.events.put(kitEvent({ stuffs_available: [], enforcement: 'block' }));
  render(<KeptActions actor={actor} />);
  fireEvent.click(await screen.findByRole('button', { name: "S'inscrire" }));
  await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  await drainOutbox(db, refusing);
}

beforeEach(() => {
  useConnectivityStore.setState({ isOnline: true });
  useToastStore.setState({ toasts: [] });
});

describe('« Inscrire quand même »', () => {
  it('is offered to one who takes attendance, with the reasons, and resends with override', async () => {
    await subscribeRefused(ADMIN);
    const offer = await screen.findByTestId('dossier-override');
    expect(offer.textContent).toContain("Le dossier de Lou Le Bihan n'est pas complet :");
    expect(offer.textContent).toContain(
      "Il manque les papiers de santé. Il manque l'attestation de savoir-nager.",
    );
    expect(useToastStore.getState().toasts).toEqual([]);
    await appDb().outbox.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire Lou Le Bihan quand même' }));
    await waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
    const [row] = await appDb().outbox.toArray();
    expect(row).toMatchObject({
      kind: 'subscribe',
      body: { uuid_event: KIT_EVENT_UUID, uuid_user: LOU.id, subscribe: true, override: true },
    });
    expect(screen.queryByTestId('dossier-override')).toBeNull();
    // The resent write is left kept on this device, so it settles here and not in the next test.
    useConnectivityStore.setState({ isOnline: false });
  });

  it('is not offered to a guardian who does not take attendance: the refusal says why in a toast', async () => {
    await subscribeRefused(USER);
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]?.text).toContain("Il manque l'attestation de savoir-nager.");
    expect(screen.queryByTestId('dossier-override')).toBeNull();
  });
});
