import type { Dossier, DossierReason } from '@common/contract/member-file';
import { useTranslation } from 'react-i18next';
import styles from './dossier-badge.module.css';

type BadgePart = 'licence' | 'health' | 'savoir_nager';

/**
 * What an organiser is told of a reason (docs/rules.md#members-file): the licence, « santé » for every health
 * reason (a missing birth date only says which health papers to ask for), or savoir-nager; never a detail.
 */
const PART_OF: Record<DossierReason, BadgePart> = {
  licence_missing: 'licence',
  licence_expired: 'licence',
  health_missing: 'health',
  health_expired: 'health',
  caci_required: 'health',
  birth_date_missing: 'health',
  savoir_nager_missing: 'savoir_nager',
};
const PARTS: readonly BadgePart[] = ['licence', 'health', 'savoir_nager'];

/** A file neither `ok` nor `soon` on the event's day shows; the parts in a fixed order, each once. */
export function badgeParts(dossier: Dossier | undefined): BadgePart[] | null {
  if (!dossier || dossier.status === 'ok' || dossier.status === 'soon') return null;
  const named = new Set(dossier.reasons.map((reason) => PART_OF[reason]).filter(Boolean));
  return PARTS.filter((part) => named.has(part));
}

/** Two files show the same badge: a row is drawn again only when its own badge changes, never on a tick. */
export const isSameDossier = (a: Dossier | undefined, b: Dossier | undefined): boolean =>
  a === b ||
  (a !== undefined && b !== undefined && a.status === b.status && a.reasons.join() === b.reasons.join());

/**
 * « dossier incomplet : licence, santé » beside a subscriber's name on the checklist, from the status the server
 * computed for the event's day and this device keeps, so it shows at the venue with no signal.
 */
export function DossierBadge({ dossier }: { dossier: Dossier | undefined }) {
  const { t } = useTranslation();
  const parts = badgeParts(dossier);
  if (!parts || !dossier) return null;
  const text =
    parts.length > 0
      ? t('memberFile.badge', { parts: parts.map((part) => t(`memberFile.badge_part.${part}`)).join(', ') })
      : t(`memberFile.status.${dossier.status}`);
  return (
    <small className={styles.badge} data-testid="dossier-badge">
      <span aria-hidden="true">⚠ </span>
      {text}
    </small>
  );
}
