import { useTranslation } from 'react-i18next';
import { organiserName, useOrganisers } from '../../../data/organisers';
import styles from './editor.module.css';

interface Props {
  /** The event's creator (or the user creating it): runs the event anyway, so not offered. */
  creatorId: string;
  selected: string[];
  isReadOnly: boolean;
  onChange: (selected: string[]) => void;
}

/**
 * « Co-organisateurs »: the club's other organisers, ticked to take attendance too. Read online; when the
 * list cannot be read the field says so and the event keeps the co-organisers it has.
 */
export function CoOrganiserFields({ creatorId, selected, isReadOnly, onChange }: Props) {
  const { t } = useTranslation();
  const read = useOrganisers(true);
  const candidates =
    read.state === 'read'
      ? read.organisers
          .filter((o) => o.id !== creatorId)
          .sort((a, b) => organiserName(a).localeCompare(organiserName(b)))
      : [];
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className={styles.fieldset} aria-describedby="co-organisers-hint">
      <legend>{t('coOrganisers.legend')}</legend>
      <p id="co-organisers-hint" className={styles.hint}>
        {t('coOrganisers.hint')}
      </p>
      {read.state === 'reading' && (
        <p className={styles.hint} role="status">
          {t('coOrganisers.loading')}
        </p>
      )}
      {read.state === 'failed' && <p className={styles.hint}>{t('coOrganisers.failed')}</p>}
      {read.state === 'read' && candidates.length === 0 && (
        <p className={styles.hint}>{t('coOrganisers.none')}</p>
      )}
      {candidates.map((o) => (
        <label key={o.id} className={styles.check}>
          <input
            type="checkbox"
            disabled={isReadOnly}
            checked={selected.includes(o.id)}
            onChange={(e) => toggle(o.id, e.target.checked)}
          />
          {organiserName(o)}
        </label>
      ))}
    </fieldset>
  );
}
