import type { ChecklistRow, KitItem } from '@common/rules/checklist-rows';
import { useTranslation } from 'react-i18next';
import type { HandOutControl } from './checklist-rows';
import styles from './kit-cell.module.css';

interface Props {
  row: ChecklistRow;
  /** False: the states are read, not set. */
  canTick: boolean;
  /** Stable across renders (the table's), so a tap elsewhere never re-renders this row. */
  onHandOut(row: ChecklistRow, item: KitItem, control: HandOutControl): void;
}

/** The state of an item in words, for a list that only reads them. */
function stateKey(item: KitItem): string | null {
  if (item.returned) return 'checklistKit.state_returned';
  if (item.handedOut) return 'checklistKit.state_handed_out';
  return null;
}

/**
 * A row's booked kit (docs/rules.md#kit), one item a line, each with « Remis » and « Rendu » for who takes
 * attendance: toggle buttons named after the item and the person (« Kayak mono K1 remis à Léna Bosser »), the
 * state shown by a mark as well as the button's look. A tap never reaches the row, whose click is the tick.
 */
export function KitCell({ row, canTick, onHandOut }: Props) {
  const { t } = useTranslation();
  if (row.kit.length === 0) return null;
  return (
    <ul className={styles.kit} aria-label={t('checklistKit.of', { name: row.name })}>
      {row.kit.map((item) => {
        const state = stateKey(item);
        return (
          <li key={item.uuid} className={styles.item}>
            <span className={styles.itemName} data-testid="kit-name">
              {item.name}
            </span>
            {canTick ? (
              <span className={styles.controls}>
                <HandOutButton
                  isPressed={item.handedOut}
                  label={t('checklistKit.handed_out_label', { item: item.name, name: row.name })}
                  text={t('checklistKit.handed_out')}
                  onPress={() => onHandOut(row, item, 'handedOut')}
                />
                <HandOutButton
                  isPressed={item.returned}
                  label={t('checklistKit.returned_label', { item: item.name, name: row.name })}
                  text={t('checklistKit.returned')}
                  onPress={() => onHandOut(row, item, 'returned')}
                />
              </span>
            ) : (
              state && <span className={styles.state}>{t(state)}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function HandOutButton({
  isPressed,
  label,
  text,
  onPress,
}: {
  isPressed: boolean;
  label: string;
  text: string;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-pressed={isPressed}
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onPress();
      }}
    >
      <span className={styles.mark} aria-hidden="true">
        {'✔ '}
      </span>
      {text}
    </button>
  );
}
