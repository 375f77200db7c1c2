import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModel, deleteModel, type Model, updateModel } from '../../../../src/data/catalog';
import { ApiError } from '../../../../src/data/core/api-client';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { ModelsScreen } from '../../../../src/features/models/models-screen';
import { useToastStore } from '../../../../src/state/toast-store';
import { stubModalDialogs } from '../../modal-dialogs';

const KAYAK: Model = { uuid: '1b0a2e9d-3a5c-4d7e-8f9a-0b1c2d3e4f5a', name: 'Kayak', description: 'En mer' };

vi.mock('../../../../src/data/catalog', () => ({
  useModels: vi.fn(() => [KAYAK]),
  createModel: vi.fn(),
  updateModel: vi.fn(),
  deleteModel: vi.fn(),
}));

beforeAll(stubModalDialogs);
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(createModel).mockReset().mockResolvedValue(KAYAK);
  vi.mocked(updateModel).mockReset().mockResolvedValue(KAYAK);
  vi.mocked(deleteModel).mockReset().mockResolvedValue(undefined);
});

const toastKeys = () => useToastStore.getState().toasts.map((t) => t.messageKey);
const renderScreen = () =>
  render(
    <MemoryRouter>
      <ModelsScreen />
    </MemoryRouter>,
  );
const save = (dialog: HTMLElement) =>
  act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));

describe('the event model form', () => {
  it('requires a name (and a description) before calling the server', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: "Ajouter un modèle d'évènement" }));
    const dialog = screen.getByRole('dialog', { name: "Nouveau modèle d'évènement" });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Au large' } });
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: '   ' } });
    await save(dialog);
    expect(createModel).not.toHaveBeenCalled();
    const name = within(dialog).getByLabelText('Nom');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Champ obligatoire',
    );
    expect(document.activeElement).toBe(name);

    fireEvent.change(name, { target: { value: ' Voile ' } });
    await save(dialog);
    expect(createModel).toHaveBeenCalledWith({
      name: 'Voile',
      description: 'Au large',
      requirements: null,
      enforcement: 'warn',
    });
    expect(toastKeys()).toEqual(['catalog.model_event_created']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits a model with its values filled in', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Kayak' }));
    const dialog = screen.getByRole('dialog', { name: "Modifier le modèle d'évènement" });
    expect(within(dialog).getByLabelText('Nom')).toHaveProperty('value', 'Kayak');
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Kayak de mer' } });
    await save(dialog);
    expect(updateModel).toHaveBeenCalledWith(KAYAK.uuid, {
      name: 'Kayak de mer',
      description: 'En mer',
      requirements: null,
      enforcement: 'warn',
    });
    expect(toastKeys()).toEqual(['catalog.model_event_updated']);
  });

  it('keeps the dialog and what was typed when the server refuses', async () => {
    vi.mocked(createModel).mockRejectedValueOnce(new ApiError(0, 'network_error', 'down'));
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: "Ajouter un modèle d'évènement" }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Voile' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Au large' } });
    await save(dialog);
    expect(within(dialog).getByRole('alert').textContent).toContain('Impossible de joindre le serveur');
    expect(within(dialog).getByLabelText('Nom')).toHaveProperty('value', 'Voile');
  });
});

describe('what a model asks of the files (docs/rules.md#members-file)', () => {
  it('sends the ticked requirements and « Bloquer l’inscription »', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: "Ajouter un modèle d'évènement" }));
    const dialog = screen.getByRole('dialog', { name: "Nouveau modèle d'évènement" });
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Mer' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Au large' } });
    const asks = within(dialog).getByRole('group', { name: 'Ce que le modèle demande' });
    expect(asks.textContent).toContain('Aucune case cochée');
    fireEvent.click(within(asks).getByRole('checkbox', { name: 'Licence' }));
    fireEvent.click(within(asks).getByRole('checkbox', { name: 'Savoir-nager' }));
    const ifIncomplete = within(dialog).getByRole('group', { name: 'Si le dossier est incomplet' });
    expect(within(ifIncomplete).getByRole('radio', { name: 'Prévenir' })).toHaveProperty('checked', true);
    fireEvent.click(within(ifIncomplete).getByRole('radio', { name: "Bloquer l'inscription" }));
    await save(dialog);
    expect(createModel).toHaveBeenCalledWith({
      name: 'Mer',
      description: 'Au large',
      requirements: { licence: true, health: false, competition: false, savoir_nager: true },
      enforcement: 'block',
    });
  });

  it('shows a model’s requirements ticked, and unticking them all sends null', async () => {
    const asking: Model = {
      ...KAYAK,
      requirements: { licence: false, health: true, competition: true, savoir_nager: false },
      enforcement: 'block',
    };
    const { useModels } = await import('../../../../src/data/catalog');
    vi.mocked(useModels).mockReturnValueOnce([asking]).mockReturnValue([asking]);
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Kayak' }));
    const dialog = screen.getByRole('dialog', { name: "Modifier le modèle d'évènement" });
    const health = within(dialog).getByRole('checkbox', { name: 'Papiers de santé' });
    const competition = within(dialog).getByRole('checkbox', { name: 'Certificat pour la compétition' });
    expect(health).toHaveProperty('checked', true);
    expect(competition).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Licence' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('radio', { name: "Bloquer l'inscription" })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(health);
    fireEvent.click(competition);
    await save(dialog);
    expect(updateModel).toHaveBeenCalledWith(KAYAK.uuid, {
      name: 'Kayak',
      description: 'En mer',
      requirements: null,
      enforcement: 'block',
    });
    vi.mocked(useModels).mockReturnValue([KAYAK]);
  });
});

describe('deleting a model', () => {
  it('shows model_in_use in words and keeps the model', async () => {
    vi.mocked(deleteModel).mockRejectedValueOnce(new ApiError(409, 'model_in_use', 'in use'));
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Kayak' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirmer la suppression' });
    expect(dialog.textContent).toContain('Supprimer le modèle Kayak');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' })));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Ce modèle est utilisé par un évènement à venir.',
    );
    expect(toastKeys()).toEqual([]);
  });
});
