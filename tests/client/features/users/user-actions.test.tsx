import type { RoleName, User } from '@common/contract/user';
import { ROLE_IDS } from '@common/contract/user';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { UserActions } from '../../../../src/features/users/user-actions';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

beforeAll(stubModalDialogs);
beforeEach(() => useConnectivityStore.setState({ isOnline: true }));

const OTHER_ID = '5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

const account = (id: string, role: RoleName, changes: Partial<User> = {}): User => ({
  ...USER,
  id,
  username: id === USER.id ? 'marie' : 'paul',
  role_name: role,
  role_id: ROLE_IDS[role],
  ...changes,
});

// Cell by cell (docs/rules.md#roles): on a locked, active target, which controls the detail screen shows.
// The guard admits admins only to this screen; the User and Contributor rows prove the rules hold anyway.
const TABLE: Array<
  [actor: RoleName, target: RoleName, isSelf: boolean, revoke: boolean, roles: string, unlock: boolean]
> = [
  ['User', 'User', true, false, '', false],
  ['User', 'Contributor', false, false, '', false],
  ['User', 'SuperAdmin', false, false, '', false],
  ['Contributor', 'Contributor', true, false, '', false],
  ['Contributor', 'User', false, false, '', false],
  ['Contributor', 'Admin', false, false, '', false],
  ['Admin', 'Admin', true, false, '', true],
  ['Admin', 'User', false, true, 'Organisation,Membre', true],
  ['Admin', 'Contributor', false, true, 'Organisation,Membre', true],
  ['Admin', 'Admin', false, true, '', true],
  ['Admin', 'SuperAdmin', false, false, '', true],
  ['SuperAdmin', 'SuperAdmin', true, false, '', true],
  ['SuperAdmin', 'User', false, true, 'Organisation,Membre,Administration', true],
  ['SuperAdmin', 'Contributor', false, true, 'Organisation,Membre,Administration', true],
  ['SuperAdmin', 'Admin', false, true, 'Organisation,Membre,Administration', true],
  ['SuperAdmin', 'SuperAdmin', false, false, '', true],
];

describe('the user detail controls', () => {
  it.each(TABLE)('%s on %s (self: %s)', (actorRole, targetRole, isSelf, revoke, roles, unlock) => {
    const actor = account(USER.id, actorRole);
    const target = account(isSelf ? USER.id : OTHER_ID, targetRole, { is_locked: true });
    render(<UserActions actor={actor} user={target} onChanged={() => {}} />);
    expect(screen.queryAllByRole('button', { name: 'Révoquer' })).toHaveLength(revoke ? 1 : 0);
    expect(screen.queryAllByRole('button', { name: 'Débloquer' })).toHaveLength(unlock ? 1 : 0);
    const selector = screen.queryByRole('combobox', { name: 'Rôle' });
    expect(selector === null).toBe(roles === '');
    if (selector) {
      const options = within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options.join(',')).toBe(roles);
    }
  });

  it('offers reactivate on a revoked account, and no unlock when not locked', () => {
    render(
      <UserActions
        actor={account(USER.id, 'Admin')}
        user={account(OTHER_ID, 'User', { is_revoked: true })}
        onChanged={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Réactiver' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Révoquer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Débloquer' })).toBeNull();
  });

  it('revokes after a confirmation naming the member, and shows a refusal in words', async () => {
    const fetchMock = stubFetch(() => json(403, { code: 'forbidden', message: 'forbidden' }));
    // Named as the club knows them (« d'Anaïs Morel »), not by username (docs/rules.md#words).
    const anais = account(OTHER_ID, 'User', { first_name: 'Anaïs', last_name: 'Morel' });
    render(<UserActions actor={account(USER.id, 'Admin')} user={anais} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Révoquer' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain("Révoquer le compte d'Anaïs Morel ?");
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Révoquer' })));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ status: 'Revok', action: true });
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((el) => el.textContent?.includes("Vous n'avez pas le droit")),
      ).toBe(true),
    );
  });

  it('changes a role with the role name only', async () => {
    let changed: User | null = null;
    const target = account(OTHER_ID, 'User');
    const fetchMock = stubFetch(() => json(200, { ...target, role_name: 'Contributor', role_id: 2 }));
    render(
      <UserActions
        actor={account(USER.id, 'Admin')}
        user={target}
        onChanged={(user) => {
          changed = user;
        }}
      />,
    );
    const save = screen.getByRole('button', { name: 'Changer le rôle' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Rôle' }), { target: { value: 'Contributor' } });
    await act(async () => fireEvent.click(save));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/user/role/${OTHER_ID}`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ role_name: 'Contributor' });
    await waitFor(() => expect(changed?.role_name).toBe('Contributor'));
  });

  it('disables every write offline, with the reason shown', () => {
    useConnectivityStore.setState({ isOnline: false });
    render(
      <UserActions
        actor={account(USER.id, 'SuperAdmin')}
        user={account(OTHER_ID, 'User', { is_locked: true })}
        onChanged={() => {}}
      />,
    );
    for (const name of ['Révoquer', 'Débloquer']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe('user-actions-offline');
    }
    expect(screen.getByText('Hors ligne : ces actions nécessitent une connexion.')).toBeTruthy();
  });
});
