import { LIMITS } from '@common/contract/limits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStuff, type Stuff, updateStuff } from '../../data/catalog';
import { showToast } from '../../state/toast-store';
import styles from '../../ui/form.module.css';
import { ItemFormDialog } from '../../ui/item-form-dialog';

interface StuffValues {
  name: string;
  description: string;
  /** As typed; a whole number from 0 to LIMITS.stockMax unless infinite. */
  stock: string;
  is_infinite: boolean;
  /** As typed: « Bateaux », « Pagaies »…; empty clears it. */
  kind: string;
}

/** A new stuff starts with stock 0 and a finite stock. */
const valuesOf = (stuff: Stuff | null): StuffValues => ({
  name: stuff?.name ?? '',
  description: stuff?.description ?? '',
  stock: String(stuff?.stock ?? 0),
  is_infinite: stuff?.is_infinite ?? false,
  kind: stuff?.kind ?? '',
});

function isStockValid(stock: string): boolean {
  if (!/^\d+$/.test(stock.trim())) return false;
  return Number(stock) <= LIMITS.stockMax;
}

/**
 * Create (stuff null) or edit one stuff: name, description, a stock unless infinite (docs/rules.md#stuff), and
 * its type, which the kit dialog groups by (docs/rules.md#kit). The types the club already uses are offered, so
 * « Gilets » is not written a second way.
 */
export function StuffDialog({
  stuff,
  kinds,
  isOnline,
  onClose,
}: {
  stuff: Stuff | null;
  /** The types the club's stuff already has, in order. */
  kinds: readonly string[];
  isOnline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(stuff));
  const isStockInvalid = !values.is_infinite && !isStockValid(values.stock);

  async function save() {
    const kind = values.kind.trim();
    const input = {
      name: values.name.trim(),
      description: values.description.trim(),
      is_infinite: values.is_infinite,
      ...(values.is_infinite ? {} : { stock: Number(values.stock) }),
      // An edit always sends it, as an emptied field clears the type (null); a new stuff without one needs none.
      ...(kind !== '' ? { kind } : stuff ? { kind: null } : {}),
    };
    if (stuff) await updateStuff(stuff.uuid, input);
    else await createStuff(input);
    showToast('success', stuff ? 'catalog.stuff_updated' : 'catalog.stuff_created');
  }

  return (
    <ItemFormDialog
      title={t(stuff ? 'catalog.stuff_edit' : 'catalog.stuff_new')}
      values={values}
      isOnline={isOnline}
      onChange={setValues}
      hasInvalidExtra={isStockInvalid}
      onSave={save}
      onClose={onClose}
    >
      {(showErrors) => (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-kind`}>{t('catalog.kind_label')}</label>
            <input
              id={`${id}-kind`}
              list={`${id}-kinds`}
              value={values.kind}
              maxLength={LIMITS.stuffKindMax}
              autoComplete="off"
              aria-describedby={`${id}-kind-hint`}
              onChange={(event) => setValues({ ...values, kind: event.target.value })}
            />
            <datalist id={`${id}-kinds`}>
              {kinds.map((kind) => (
                <option key={kind} value={kind} />
              ))}
            </datalist>
            <p id={`${id}-kind-hint`} className={styles.hint}>
              {t('catalog.kind_hint')}
            </p>
          </div>
          <label className={styles.choice}>
            <input
              type="checkbox"
              role="switch"
              checked={values.is_infinite}
              aria-checked={values.is_infinite}
              onChange={(event) => setValues({ ...values, is_infinite: event.target.checked })}
            />
            {t('catalog.is_infinite')}
          </label>
          {/* Hidden while the stock is infinite; what was typed comes back if unticked. */}
          {!values.is_infinite && (
            <div className={styles.field}>
              <label htmlFor={`${id}-stock`}>{t('catalog.stock_label')}</label>
              <input
                id={`${id}-stock`}
                type="number"
                inputMode="numeric"
                min={0}
                max={LIMITS.stockMax}
                step={1}
                required
                value={values.stock}
                aria-invalid={showErrors && isStockInvalid}
                aria-describedby={showErrors && isStockInvalid ? `${id}-stock-error` : undefined}
                onChange={(event) => setValues({ ...values, stock: event.target.value })}
              />
              {showErrors && isStockInvalid && (
                <p id={`${id}-stock-error`} className={styles.error}>
                  {values.stock.trim() === ''
                    ? t('catalog.required')
                    : t('catalog.stock_invalid', { max: LIMITS.stockMax })}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </ItemFormDialog>
  );
}
