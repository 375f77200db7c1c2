import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteStuff, type Stuff, useStuffs } from '../../data/catalog';
import { showToast } from '../../state/toast-store';
import { ItemListPage } from '../../ui/item-list-page';
import { StuffDialog } from './stuff-dialog';

/** The stock in words and figures; ∞ when unlimited, with its name for screen readers. */
function StockText({ stuff }: { stuff: Stuff }) {
  const { t } = useTranslation();
  if (!stuff.is_infinite) return t('catalog.stock', { count: stuff.stock });
  return (
    <>
      <span aria-hidden="true">{'∞ '}</span>
      {t('catalog.stock_infinite')}
    </>
  );
}

/** Its type, when it has one (docs/rules.md#kit), then its stock. */
function StuffDetail({ stuff }: { stuff: Stuff }) {
  const { t } = useTranslation();
  return (
    <>
      {stuff.kind && `${t('catalog.kind_detail', { kind: stuff.kind })} · `}
      <StockText stuff={stuff} />
    </>
  );
}

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** The types the club already uses, each once (« bateaux » and « Bateaux » are one), in order. */
function kindsOf(stuffs: readonly Stuff[] | undefined): string[] {
  const kinds: string[] = [];
  for (const stuff of stuffs ?? []) {
    const kind = stuff.kind?.trim();
    if (kind && !kinds.some((known) => collator.compare(known, kind) === 0)) kinds.push(kind);
  }
  return kinds.sort(collator.compare);
}

/** /settings/stuff: the club's equipment, created, edited and deleted online by contributors and admins. */
export function StuffScreen() {
  const { t } = useTranslation();
  const stuffs = useStuffs();
  const kinds = useMemo(() => kindsOf(stuffs), [stuffs]);

  async function remove(stuff: Stuff) {
    await deleteStuff(stuff.uuid);
    showToast('success', 'catalog.item_deleted');
  }

  return (
    <ItemListPage
      title={t('catalog.stuff_title')}
      texts={{
        add: t('catalog.add_stuff'),
        list: t('catalog.stuff_list'),
        empty: t('catalog.stuff_empty'),
        offline: t('catalog.offline'),
        deleteQuestion: (stuff) => t('catalog.delete_stuff_question', { name: stuff.name }),
      }}
      items={stuffs}
      detail={(stuff) => <StuffDetail stuff={stuff} />}
      onDelete={remove}
      renderForm={(stuff, isOnline, onClose) => (
        <StuffDialog stuff={stuff} kinds={kinds} isOnline={isOnline} onClose={onClose} />
      )}
    />
  );
}
