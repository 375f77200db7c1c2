import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitTotal } from './checklist-rows';

/**
 * Above the list, per item booked (docs/rules.md#kit): « Gilet : 6 réservés, 5 remis, 3 rendus », so whoever
 * packs up sees at a glance what is still out. An item nobody booked has no line.
 */
export const KitTotals = memo(function KitTotals({ totals }: { totals: readonly KitTotal[] }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <ul className="stuff-counts" aria-label={t('checklist.equipment')}>
      {totals.map((total) => (
        <li key={total.uuid}>
          {t('checklistKit.total', {
            name: total.name,
            booked: t('checklistKit.booked', { count: total.booked }),
            handedOut: t('checklistKit.handed_out_count', { count: total.handedOut }),
            returned: t('checklistKit.returned_count', { count: total.returned }),
          })}
        </li>
      ))}
    </ul>
  );
});
