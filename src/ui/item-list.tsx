import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './item-list.module.css';

export interface NamedItem {
  uuid: string;
  name: string;
  description: string;
}

/**
 * A settings list of named items (event models, stuff), sorted by name, each with its description, an
 * optional detail line, and edit and delete buttons named after the item. Undefined items: still loading.
 */
export function ItemList<Item extends NamedItem>({
  items,
  label,
  emptyText,
  detail,
  isDisabled,
  disabledReasonId,
  onEdit,
  onDelete,
}: {
  items: Item[] | undefined;
  label: string;
  emptyText: string;
  detail?: (item: Item) => ReactNode;
  /** Writes are online only: the buttons stay visible, disabled, described by the visible reason. */
  isDisabled: boolean;
  disabledReasonId?: string;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}) {
  const { t } = useTranslation();
  if (!items) return <p role="status">{t('app.loading')}</p>;
  if (items.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  const sorted = [...items].sort((a, b) => a.name.localeCompare(b.name));
  const describedBy = isDisabled ? disabledReasonId : undefined;
  return (
    <ul className={styles.list} aria-label={label}>
      {sorted.map((item) => (
        <li key={item.uuid} className={`card ${styles.item}`}>
          <div className={styles.text}>
            <h2 className={styles.name}>{item.name}</h2>
            <p className={styles.description}>{item.description}</p>
            {detail && <p className={styles.detail}>{detail(item)}</p>}
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              aria-label={t('catalog.edit_named', { name: item.name })}
              aria-describedby={describedBy}
              disabled={isDisabled}
              onClick={() => onEdit(item)}
            >
              {t('catalog.edit')}
            </button>
            <button
              type="button"
              className={`button ${styles.delete}`}
              aria-label={t('catalog.delete_named', { name: item.name })}
              aria-describedby={describedBy}
              disabled={isDisabled}
              onClick={() => onDelete(item)}
            >
              {t('catalog.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
