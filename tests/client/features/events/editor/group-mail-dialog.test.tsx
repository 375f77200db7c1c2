import type { EventDto } from '@common/contract/event';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendGroupMail, toBase64 } from '../../../../../src/data/event-writes';
import { GroupMailDialog } from '../../../../../src/features/events/editor/group-mail-dialog';
import { loadLaterTexts } from '../../../../../src/i18n/later-texts';
import { USER } from '../../../fake-api';
import { stubModalDialogs } from '../../../modal-dialogs';

vi.mock('../../../../../src/data/event-writes', async (original) => ({
  ...(await original<typeof import('../../../../../src/data/event-writes')>()),
  sendGroupMail: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeAll(() => loadLaterTexts('fr'));
beforeEach(() => vi.mocked(sendGroupMail).mockClear());

const someone = (n: number) => ({ id: `m${n}`, username: `sailor${n}` });
const EVENT = {
  uuid_event: 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
  model_name: 'Kayak',
  subscribers_with_stuff: [someone(1), someone(2)],
  waiting_list: [someone(3)],
} as unknown as EventDto;
const ORGANISER = { ...USER, email: 'erwan@example.org' };

function fillIn() {
  fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'Marée' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Rendez-vous à 9 h' } });
}

describe('the group email', () => {
  it('sends only once subject and message have 5 characters each, to the registered by default', async () => {
    const onClose = vi.fn();
    render(<GroupMailDialog event={EVENT} user={ORGANISER} onClose={onClose} />);
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'Marée' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'abcd' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Rendez-vous à 9 h' } });
    expect(send.disabled).toBe(false);
    expect((screen.getByRole('radio', { name: 'Les inscrits (2)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(send);
    await waitFor(() =>
      expect(sendGroupMail).toHaveBeenCalledWith(
        EVENT.uuid_event,
        'Marée',
        'Rendez-vous à 9 h',
        'registered',
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers the waiting list or both, with how many each reaches, and says who answers go to', async () => {
    render(<GroupMailDialog event={EVENT} user={ORGANISER} onClose={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Destinataires' })).toBeTruthy();
    expect(screen.getByText('Envoyé à votre nom : les réponses arrivent à erwan@example.org.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: "Les inscrits et la liste d'attente (3)" }));
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(sendGroupMail).toHaveBeenCalledWith(EVENT.uuid_event, 'Marée', 'Rendez-vous à 9 h', 'both'),
    );
  });

  it('sends nothing to an empty choice, and says so', () => {
    render(
      <GroupMailDialog event={{ ...EVENT, waiting_list: [] }} user={ORGANISER} onClose={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: "La liste d'attente (0)" }));
    fillIn();
    expect((screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Personne à prévenir pour ce choix.');
  });

  it('encodes UTF-8 text as standard base64', () => {
    expect(toBase64('Marée')).toBe(Buffer.from('Marée', 'utf8').toString('base64'));
  });
});
