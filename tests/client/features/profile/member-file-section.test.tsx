import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { renderApp } from '../../app/render-app';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { ADMIN_SWIM, incomplete, OWN_QS, serve } from './member-file-fixture';
import { signInOnFreshDevice } from './signed-in-profile';

// « Mon dossier » (docs/rules.md#members-file): the state and each reason in words with what to do next, the
// licence read-only, the health papers recorded by their dates, an Admin's paper kept out of the member's
// reach, and the last read shown offline.
async function openMyFile() {
  renderApp('/my-profile?tab=file');
  return screen.findByRole('region', { name: 'Mon dossier' });
}

beforeAll(stubModalDialogs);
beforeEach(async () => {
  signInOnFreshDevice();
  await appDb().memberFiles.clear();
  await appDb().family.clear();
});

// The profile and its lazy tab load cold in each file's first test: 15 s, as for the week's first render.
describe('« Mon dossier »', { timeout: 15_000 }, () => {
  it('says the state, each reason and what to do next, and shows the licence read-only', async () => {
    serve({ [USER.id]: incomplete() });
    const section = await openMyFile();
    expect(
      within(section).getByText(
        'Le club vérifie la licence et les papiers de santé avant les sorties. Seules les dates sont enregistrées, jamais de détail médical.',
      ),
    ).toBeTruthy();
    expect(await within(section).findByText('État : Dossier à renouveler')).toBeTruthy();
    const next = within(section).getByRole('list', { name: "Ce qu'il reste à faire" });
    expect(
      within(next).getByText("Le certificat médical ou l'attestation de santé date de plus d'un an"),
    ).toBeTruthy();
    expect(
      within(next).getByText(
        "Enregistrez la date d'un certificat médical ou d'une attestation de santé plus récents.",
      ),
    ).toBeTruthy();
    expect(within(next).getByText("La licence n'est plus valable")).toBeTruthy();
    expect(
      within(next).getByText('Renouvelez la licence auprès du club : elle est enregistrée par le club.'),
    ).toBeTruthy();
    // Only the club records a licence: no button for it, one for the health paper.
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      "Enregistrer une date : Le certificat médical ou l'attestation de santé date de plus d'un an",
    ]);
    const licence = within(section).getByRole('region', { name: 'Licence' });
    expect(within(licence).getByText('FFCK-123456')).toBeTruthy();
    expect(within(licence).getByText('Canoë Plus')).toBeTruthy();
    expect(within(licence).getByText('2026-2027')).toBeTruthy();
    expect(within(licence).queryByRole('button')).toBeNull();
    const audit = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('records a CACI date: a date after today stopped before sending, then saved and the state complete', async () => {
    const { writes } = serve({ [USER.id]: incomplete() });
    const section = await openMyFile();
    fireEvent.click(
      await within(section).findByRole('button', {
        name: "Enregistrer une date : Le certificat médical ou l'attestation de santé date de plus d'un an",
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un papier de santé' });
    expect((within(dialog).getByLabelText('Papier') as HTMLSelectElement).value).toBe('caci');
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    expect(date.max).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(date, { target: { value: '2999-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // The date input's max stops it before anything is sent (the section's own check stands behind it).
    expect(date.validity.rangeOverflow).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Ajouter un papier de santé' })).toBe(dialog);
    expect(writes).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByLabelText('Couvre la compétition'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      {
        url: `/api/user/${USER.id}/health`,
        body: {
          items: [
            { kind: 'savoir_nager', date: '2024-06-10', way: 'test' },
            { kind: 'qs_sport', date: '2025-09-05', all_no: true },
            { kind: 'caci', date: '2026-11-20', competition: true },
          ],
        },
      },
    ]);
    expect(await within(section).findByText('État : Dossier complet')).toBeTruthy();
    const papers = within(section).getByRole('list', { name: 'Papiers de santé enregistrés' });
    expect(within(papers).getByText('Certificat médical (CACI) du 20/11/2026')).toBeTruthy();
    expect(within(papers).getByText('Couvre la compétition')).toBeTruthy();
  });

  it("keeps what was typed when the server refuses, and an Admin's paper cannot be removed by the member", async () => {
    const { writes } = serve({ [USER.id]: incomplete() }, { refuseWrites: true });
    const section = await openMyFile();
    const papers = await within(section).findByRole('list', { name: 'Papiers de santé enregistrés' });
    const [swim, qs] = within(papers).getAllByRole('listitem');
    if (!swim || !qs) throw new Error('two papers listed');
    expect(within(swim).getByText('Savoir-nager du 10/06/2024')).toBeTruthy();
    expect(within(swim).getByText('Enregistré par le club · Seul le club peut le retirer.')).toBeTruthy();
    expect(within(swim).queryByRole('button')).toBeNull();
    expect(within(qs).getByText('Non à toutes les questions')).toBeTruthy();

    fireEvent.click(
      within(qs).getByRole('button', { name: 'Modifier : Attestation QS-SPORT du 05/09/2025' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Modifier un papier de santé' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-09-04' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await within(dialog).findByText('Les données envoyées ne sont pas valides.')).getAttribute('role'),
    ).toBe('alert');
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe('2026-09-04');
    expect(writes.at(-1)?.body).toEqual({
      items: [
        { kind: 'savoir_nager', date: '2024-06-10', way: 'test' },
        { kind: 'qs_sport', date: '2026-09-04', all_no: true },
      ],
    });
    // The kept file is unchanged: the refusal saved nothing.
    expect((await appDb().memberFiles.get(USER.id))?.file.health_items).toEqual([ADMIN_SWIM, OWN_QS]);
  });

  it("removes the member's own paper and keeps the Admin's in what is sent", async () => {
    const { writes } = serve({ [USER.id]: incomplete() });
    const section = await openMyFile();
    fireEvent.click(
      await within(section).findByRole('button', { name: 'Retirer : Attestation QS-SPORT du 05/09/2025' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Retirer ce papier ?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({ items: [{ kind: 'savoir_nager', date: '2024-06-10', way: 'test' }] });
    await waitFor(() => expect(within(section).queryByText('Attestation QS-SPORT du 05/09/2025')).toBeNull());
  });

  it('offline: the file as last read, said so, and no change offered', async () => {
    serve({ [USER.id]: incomplete() });
    const section = await openMyFile();
    expect(await within(section).findByText('État : Dossier à renouveler')).toBeTruthy();
    useConnectivityStore.setState({ isOnline: false });
    expect(await within(section).findByText(/^Hors connexion : dossier tel que lu le /)).toBeTruthy();
    expect(within(section).getByText('État : Dossier à renouveler')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Ajouter un papier de santé' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(section).getByText('Les changements du dossier demandent une connexion.')).toBeTruthy();
  });
});
