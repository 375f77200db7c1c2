import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventDto } from '../../../../../src/common/contract/event';
import { sendGroupMail, toBase64 } from '../../../../../src/data/event-writes';
import { GroupMailDialog } from '../../../../../src/features/events/editor/group-mail-dialog';
import { stubModalDialogs } from '../../../modal-dialogs';

vi.mock('../../../../../src/data/event-writes', async (original) => ({
  ...(await original<typeof import('../../../../../src/data/event-writes')>()),
  sendGroupMail: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);

const EVENT = { uuid_event: 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', model_name: 'Kayak' } as EventDto;

describe('the group email (product-spec §5)', () => {
  it('sends only once subject and message have 5 characters each', async () => {
    const onClose = vi.fn();
    render(<GroupMailDialog event={EVENT} onClose={onClose} />);
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'Marée' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'abcd' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Rendez-vous à 9 h' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() =>
      expect(sendGroupMail).toHaveBeenCalledWith(EVENT.uuid_event, 'Marée', 'Rendez-vous à 9 h'),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('encodes UTF-8 text as standard base64', () => {
    expect(toBase64('Marée')).toBe(Buffer.from('Marée', 'utf8').toString('base64'));
  });
});
