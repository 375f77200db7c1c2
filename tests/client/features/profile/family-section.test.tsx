import type { Consents } from '@common/contract/consents';
import type { Family, FamilyChild } from '@common/contract/family';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { signInOnFreshDevice } from './signed-in-profile';

// « Ma famille » (docs/rules.md#families): the children with their guardians, adding a child, linking the other
// parent when the club allows it, and each child's consents for the season, only the boxes changed sent.
const LOU_ID = '1a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
const ME = { id: USER.id, first_name: 'Marie', last_name: 'Le Bihan' };
const SEASON = '2026-2027';

const lou = (birthDate: string): FamilyChild => ({
  ...USER,
  id: LOU_ID,
  username: 'lou.lebihan',
  email: null,
  first_name: 'Lou',
  last_name: 'Le Bihan',
  birth_date: birthDate,
  guardians: [ME],
});

/** A server holding one family and Lou's consents; records what the app sent. */
function serve(initial: Family) {
  let family = initial;
  let consents: Consents = {
    season: SEASON,
    practice: { given: true, by: ME, at: '2026-09-02T08:00:00.000Z' },
    transport: null,
    emergency_care: null,
    photo: null,
    photo_child_agrees: null,
    photo_allowed: false,
  };
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ url, method, body: JSON.parse(String(init.body ?? 'null')) });
    if (url === '/api/family') return json(200, family);
    if (url === '/api/family/children' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { first_name: string; birth_date: string };
      if (body.birth_date < '2008-12-01') {
        return json(400, { code: 'invalid_input', message: 'birth_date', field: 'birth_date' });
      }
      family = { ...family, children: [lou(body.birth_date)] };
      return json(201, lou(body.birth_date));
    }
    if (url === `/api/user/${LOU_ID}/consents`) {
      if (method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { transport?: boolean };
        consents = {
          ...consents,
          transport: { given: body.transport ?? false, by: ME, at: '2026-11-28T10:00:00.000Z' },
        };
      }
      return json(200, consents);
    }
    if (url === `/api/user/${LOU_ID}/guardians/${USER.id}` && method === 'DELETE') {
      family = { ...family, children: [] };
      return json(200, { ok: true });
    }
    if (url === '/api/user/me') return json(200, USER);
    return json(200, { key: 'timezone', value: 'Europe/Paris' });
  });
  return sent;
}

async function openFamily() {
  renderApp('/my-profile?tab=family');
  return screen.findByRole('region', { name: 'Ma famille' });
}

beforeAll(stubModalDialogs);
beforeEach(async () => {
  signInOnFreshDevice();
  await appDb().family.clear();
});

describe('« Ma famille »', () => {
  it('adds a child: blank fields said first, then the server’s refusal, then the child listed', async () => {
    const sent = serve({ children: [], guardians: [], may_invite_guardians: true });
    const section = await openFamily();
    expect(await within(section).findByText("Aucun enfant pour l'instant.")).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Ajouter un enfant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un enfant' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect((await within(dialog).findByText('Ce champ est obligatoire.')).getAttribute('role')).toBe('alert');
    expect(within(dialog).getByLabelText('Prénom').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Prénom'), { target: { value: 'Lou' } });
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Le Bihan' } });
    fireEvent.change(within(dialog).getByLabelText('Date de naissance'), { target: { value: '1990-05-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).not.toBe('Ce champ est obligatoire.'),
    );

    fireEvent.change(within(dialog).getByLabelText('Date de naissance'), { target: { value: '2017-05-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    const children = await within(section).findByRole('list', { name: 'Mes enfants' });
    expect(within(children).getByRole('heading', { name: 'Lou Le Bihan' })).toBeTruthy();
    expect(within(children).getByText('Date de naissance : 01/05/2017')).toBeTruthy();
    expect(within(children).getByText('Responsables : Marie Le Bihan')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({
      url: '/api/family/children',
      body: { first_name: 'Lou', last_name: 'Le Bihan', birth_date: '2017-05-01' },
    });
  });

  it('consents: who answered and when; only the box changed is sent; under 15 the child’s own agreement too', async () => {
    const sent = serve({ children: [lou('2017-05-01')], guardians: [], may_invite_guardians: true });
    const section = await openFamily();
    fireEvent.click(
      await within(section).findByRole('button', { name: 'Autorisations de Lou pour la saison 2026-2027' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Autorisations · Lou · ${SEASON}` });
    const practice = await within(dialog).findByLabelText('Pratique des activités du club');
    expect((practice as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Accordée par Marie Le Bihan le 02/09/2026')).toBeTruthy();
    expect(within(dialog).getByLabelText('Lou accepte les photos (moins de 15 ans)')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('Trajets en voiture avec un bénévole'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { url: `/api/user/${LOU_ID}/consents`, method: 'PUT', body: { season: SEASON, transport: true } },
    ]);
  });

  it('leaves a link after confirming; the child stays with its other guardians; no consents for a grown-up', async () => {
    const sent = serve({ children: [lou('2000-05-01')], guardians: [], may_invite_guardians: true });
    const section = await openFamily();
    await within(section).findByRole('list', { name: 'Mes enfants' });
    expect(within(section).queryByRole('button', { name: /^Autorisations de Lou/ })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Ne plus être responsable de Lou' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Ne plus être responsable' });
    expect(confirm.textContent).toContain('Vous ne répondrez plus pour Lou');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    expect(await within(section).findByText("Aucun enfant pour l'instant.")).toBeTruthy();
    expect(sent).toEqual([{ url: `/api/user/${LOU_ID}/guardians/${USER.id}`, method: 'DELETE', body: null }]);
  });

  it('offers no guardian link when the club keeps it to Admins, and no child to an account with guardians', async () => {
    serve({ children: [lou('2010-05-01')], guardians: [ME], may_invite_guardians: false });
    const section = await openFamily();
    await within(section).findByRole('list', { name: 'Mes enfants' });
    expect(within(section).queryByRole('button', { name: 'Ajouter un responsable pour Lou' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Ajouter un enfant' })).toBeNull();
    expect(within(section).getByText('Vos responsables : Marie Le Bihan')).toBeTruthy();
    expect(
      within(section).getByText("Un compte suivi par des responsables ne peut pas ajouter d'enfant."),
    ).toBeTruthy();
  });
});
