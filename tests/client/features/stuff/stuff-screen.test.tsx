import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStuff, deleteStuff, type Stuff, updateStuff } from '../../../../src/data/catalog';
import { ApiError } from '../../../../src/data/core/api-client';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { StuffScreen } from '../../../../src/features/stuff/stuff-screen';
import { useToastStore } from '../../../../src/state/toast-store';
import { stubModalDialogs } from '../../modal-dialogs';

const PADDLE: Stuff = {
  uuid: '2c1a3f0e-4b6d-4e8f-9a0b-1c2d3e4f5a6b',
  name: 'Pagaie',
  description: 'Carbone',
  stock: 12,
  is_infinite: false,
};
const VEST: Stuff = {
  ...PADDLE,
  uuid: '3d2b4a1f-5c7e-4f9a-8b1c-2d3e4f5a6b7c',
  name: 'Gilet',
  stock: 0,
  is_infinite: true,
  kind: 'Gilets',
};
const BOAT: Stuff = {
  ...PADDLE,
  uuid: '4e3c5b2a-6d8f-4a0b-9c2d-3e4f5a6b7c8d',
  name: 'Kayak mono K1',
  stock: 4,
  kind: 'Bateaux',
};
// The same type written another way: offered once.
const TANDEM: Stuff = {
  ...BOAT,
  uuid: '5f4d6c3b-7e9a-4b1c-8d3e-4f5a6b7c8d9e',
  name: 'Kayak biplace',
  kind: 'bateaux',
};

vi.mock('../../../../src/data/catalog', () => ({
  useStuffs: vi.fn(() => [PADDLE, VEST, BOAT, TANDEM]),
  createStuff: vi.fn(),
  updateStuff: vi.fn(),
  deleteStuff: vi.fn(),
}));

beforeAll(stubModalDialogs);
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(createStuff).mockReset().mockResolvedValue(PADDLE);
  vi.mocked(updateStuff).mockReset().mockResolvedValue(BOAT);
  vi.mocked(deleteStuff).mockReset().mockResolvedValue(undefined);
});

const toastKeys = () => useToastStore.getState().toasts.map((t) => t.messageKey);

function openNewStuff() {
  render(
    <MemoryRouter>
      <StuffScreen />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ajouter du matériel' }));
  return screen.getByRole('dialog', { name: 'Nouveau matériel' });
}

describe('the stuff list', () => {
  it('shows the stock, or ∞ with words when unlimited', () => {
    render(
      <MemoryRouter>
        <StuffScreen />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('listitem');
    // Sorted by name: Gilet, Kayak biplace, Kayak mono K1, then Pagaie.
    expect(items[0]?.textContent).toContain('Type : Gilets · ∞ Stock illimité');
    expect(items[2]?.textContent).toContain('Type : Bateaux · Stock : 4');
    // No type: the stock alone.
    expect(items[3]?.textContent).toContain('Stock : 12');
    expect(items[3]?.textContent).not.toContain('Type');
  });
});

describe('the stuff’s type', () => {
  function openEdit(name: string) {
    render(
      <MemoryRouter>
        <StuffScreen />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: `Modifier ${name}` }));
    return screen.getByRole('dialog', { name: 'Modifier le matériel' });
  }

  it('offers the types the club already uses, each once, so the same spelling is reused', () => {
    const dialog = openNewStuff();
    const field = within(dialog).getByLabelText('Type (facultatif)');
    expect(field.getAttribute('maxlength')).toBe('40');
    const list = document.getElementById(field.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Bateaux', 'Gilets']);
  });

  it('saves the type typed, trimmed, with a new stuff', async () => {
    const dialog = openNewStuff();
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Pagaie carbone' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Légère' } });
    fireEvent.change(within(dialog).getByLabelText('Type (facultatif)'), { target: { value: ' Pagaies ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(createStuff).toHaveBeenCalledWith({
      name: 'Pagaie carbone',
      description: 'Légère',
      is_infinite: false,
      stock: 0,
      kind: 'Pagaies',
    });
  });

  it('shows an edited stuff’s type, keeps it when untouched, and clears it when emptied', async () => {
    let dialog = openEdit('Kayak mono K1');
    expect(within(dialog).getByLabelText('Type (facultatif)')).toHaveProperty('value', 'Bateaux');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(updateStuff).toHaveBeenLastCalledWith(BOAT.uuid, expect.objectContaining({ kind: 'Bateaux' }));

    cleanup();
    dialog = openEdit('Kayak mono K1');
    fireEvent.change(within(dialog).getByLabelText('Type (facultatif)'), { target: { value: '  ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(updateStuff).toHaveBeenLastCalledWith(BOAT.uuid, {
      name: 'Kayak mono K1',
      description: 'Carbone',
      is_infinite: false,
      stock: 4,
      kind: null,
    });
  });
});

describe('the stuff form', () => {
  it('starts a new stuff at stock 0, not unlimited', () => {
    const dialog = openNewStuff();
    expect(within(dialog).getByLabelText('Stock')).toHaveProperty('value', '0');
    expect(within(dialog).getByRole('switch', { name: 'Stock illimité' })).toHaveProperty('checked', false);
  });

  it('hides the stock while unlimited, sends no stock then, and gives back what was typed', async () => {
    const dialog = openNewStuff();
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: ' Gilet ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Sauvetage' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '7' } });
    const infinite = within(dialog).getByRole('switch', { name: 'Stock illimité' });
    fireEvent.click(infinite);
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();
    fireEvent.click(infinite);
    expect(within(dialog).getByLabelText('Stock')).toHaveProperty('value', '7');
    fireEvent.click(infinite);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(createStuff).toHaveBeenCalledWith({ name: 'Gilet', description: 'Sauvetage', is_infinite: true });
    expect(toastKeys()).toEqual(['catalog.stuff_created']);
  });

  it('sends the stock as a number, and refuses an empty or negative one without calling the server', async () => {
    const dialog = openNewStuff();
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Pagaie' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Carbone' } });
    const stock = within(dialog).getByLabelText('Stock');
    fireEvent.change(stock, { target: { value: '' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(within(dialog).getByText('Champ obligatoire')).toBeTruthy();
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(stock, { target: { value: '-2' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(createStuff).not.toHaveBeenCalled();
    fireEvent.change(stock, { target: { value: '12' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(createStuff).toHaveBeenCalledWith({
      name: 'Pagaie',
      description: 'Carbone',
      is_infinite: false,
      stock: 12,
    });
  });

  it('offline: the add button is disabled and says why', () => {
    useConnectivityStore.setState({ isOnline: false });
    render(
      <MemoryRouter>
        <StuffScreen />
      </MemoryRouter>,
    );
    const add = screen.getByRole('button', { name: 'Ajouter du matériel' });
    expect(add).toHaveProperty('disabled', true);
    const reason = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('Hors ligne');
  });
});

describe('deleting a stuff', () => {
  it('names it, and shows stuff_in_use in words when an upcoming event uses it', async () => {
    vi.mocked(deleteStuff).mockRejectedValueOnce(new ApiError(409, 'stuff_in_use', 'in use'));
    render(
      <MemoryRouter>
        <StuffScreen />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Pagaie' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirmer la suppression' });
    expect(dialog.textContent).toContain('Supprimer le matériel Pagaie');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' })));
    expect(deleteStuff).toHaveBeenCalledWith(PADDLE.uuid);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Ce matériel est utilisé par un évènement à venir.',
    );
    expect(toastKeys()).toEqual([]);
  });

  it('deletes a free one and says so', async () => {
    render(
      <MemoryRouter>
        <StuffScreen />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Gilet' }));
    const dialog = screen.getByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' })));
    expect(deleteStuff).toHaveBeenCalledWith(VEST.uuid);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(toastKeys()).toEqual(['catalog.item_deleted']);
  });
});
