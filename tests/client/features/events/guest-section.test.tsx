import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/data/core/api-client';
import { deleteGuest } from '../../../../src/data/guests';
import { GuestSection } from '../../../../src/features/events/guest-section';
import { useToastStore } from '../../../../src/state/toast-store';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(async () => undefined),
  deleteGuest: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.mocked(deleteGuest).mockReset().mockResolvedValue(undefined);
});

const start = Date.now() + 86_400_000;
const event = cachedEvent({
  start_date: new Date(start).toISOString(),
  end_date: new Date(start + 7_200_000).toISOString(),
  subscribers_with_stuff: [
    {
      id: USER.id,
      uuid: 's1',
      uuid_event: EVENT_UUID,
      username: 'marie',
      stuff_name: 'default_name',
      uuid_stuff: null,
      is_checked: false,
    },
  ],
  invite_list: [
    {
      id: 7,
      uuid_event: EVENT_UUID,
      uuid_user: USER.id,
      uuid_stuff: null,
      first_name: 'Paul',
      last_name: 'Durand',
      is_checked: false,
    },
  ],
});

const toastKeys = () => useToastStore.getState().toasts.map((t) => t.messageKey);

function askToDelete() {
  render(<GuestSection event={event} user={USER} />);
  fireEvent.click(screen.getByRole('button', { name: 'Supprimer Paul Durand' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  expect(dialog.textContent).toContain("Supprimer l'invité Paul Durand\u00a0?");
  return dialog;
}

describe('deleting a guest', () => {
  it('asks first, in the confirm dialog: Cancel deletes nothing', () => {
    askToDelete();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteGuest).not.toHaveBeenCalled();
  });

  it('deletes on confirmation, says so, and leaves the focus on the guest list', async () => {
    askToDelete();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Supprimer' })));
    expect(deleteGuest).toHaveBeenCalledWith(EVENT_UUID, 7);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(toastKeys()).toEqual(['user_invite_deleted']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Mes invités' }));
  });

  it('keeps the dialog open with the reason when the server refuses, and the toast names the failure', async () => {
    vi.mocked(deleteGuest).mockRejectedValueOnce(new ApiError(409, 'event_past', 'past'));
    askToDelete();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Supprimer' })));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText("Cet évènement n'est plus disponible")).toBeTruthy();
    expect(toastKeys()).toEqual(['user_invite_delete_error']);
  });
});
