import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { renderApp } from '../../app/render-app';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { LOU_ID, serve } from './member-file-fixture';
import { signInOnFreshDevice } from './signed-in-profile';

// A guardian opens their minor child's « Dossier » from « Ma famille » and records a paper for the child
// (docs/rules.md#members-file): the child's file is read and written, never the guardian's own.
beforeAll(stubModalDialogs);
beforeEach(async () => {
  signInOnFreshDevice();
  await appDb().memberFiles.clear();
  await appDb().family.clear();
});

// The profile and its lazy dialog load cold: 15 s, as for the week's first render.
describe("a guardian and their child's file", { timeout: 15_000 }, () => {
  it('opens the child’s « Dossier » from « Ma famille » and records a paper for the child', async () => {
    const { writes, reads } = serve({
      [LOU_ID]: {
        file: { licences: [], health_items: [] },
        dossier: { status: 'missing', reasons: ['licence_missing', 'health_missing'] },
      },
    });
    renderApp('/my-profile?tab=family');
    const family = await screen.findByRole('region', { name: 'Ma famille' });
    fireEvent.click(await within(family).findByRole('button', { name: 'Dossier de Lou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dossier de Lou' });
    expect(await within(dialog).findByText('État : Dossier incomplet')).toBeTruthy();
    expect(within(dialog).getByText('Aucune licence enregistrée.')).toBeTruthy();
    expect(
      within(dialog).getByText('Adressez-vous au club : la licence est enregistrée par le club.'),
    ).toBeTruthy();
    expect(reads).toContain(`/api/user/${LOU_ID}/member-file`);
    expect(reads.some((url) => url.startsWith(`/api/user/${USER.id}/`))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter un papier de santé' }));
    const form = await screen.findByRole('dialog', { name: 'Ajouter un papier de santé' });
    fireEvent.change(within(form).getByLabelText('Papier'), { target: { value: 'minor_questionnaire' } });
    // Every control of the form labelled, the dialogs named (jsdom cannot judge colours: Playwright does).
    const audit = await axe.run(form, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-09-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const refusal = await within(form).findByText('Indiquez le nom de la personne qui a signé.');
    expect(refusal.getAttribute('role')).toBe('alert');
    fireEvent.change(within(form).getByLabelText('Nom de la personne responsable qui a signé'), {
      target: { value: 'Marie Le Bihan' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: `/api/user/${LOU_ID}/health`,
      body: { items: [{ kind: 'minor_questionnaire', date: '2026-09-01', signed_by: 'Marie Le Bihan' }] },
    });
    expect(
      await within(dialog).findByText('Attestation du questionnaire de santé mineur du 01/09/2026'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Signée par Marie Le Bihan')).toBeTruthy();
  });
});
