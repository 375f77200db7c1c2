import { contrastOnWhite, nearestPassingShade, passesOnWhite } from '@common/rules/colour-contrast';
import { useTranslation } from 'react-i18next';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';

/** Whether the colour may be saved: it carries the white text of the primary controls (docs/rules.md#club-settings). */
export const isAccentUsable = (colour: string): boolean =>
  /^#[0-9a-f]{6}$/i.test(colour) && passesOnWhite(colour);

/**
 * The club's accent colour, checked as it is picked with the server's own rule (`passesOnWhite`): too light
 * for white text, it says why and proposes the nearest shade that passes, one tap to use it. A refusal of
 * the server (`serverError`, already in words) shows here too.
 */
export function AccentField({
  id,
  value,
  serverError,
  onChange,
}: {
  id: string;
  value: string;
  serverError: string | null;
  onChange: (colour: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const isUsable = isAccentUsable(value);
  const proposal = isUsable ? null : nearestPassingShade(value);
  const ratio = contrastOnWhite(value).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const problem = !isUsable ? t('appSettings.accent_too_light', { ratio }) : serverError;
  return (
    <div className={form.field}>
      <label htmlFor={id}>{t('appSettings.accent_label')}</label>
      <div className={styles.row}>
        <input
          id={id}
          type="color"
          className={styles.colour}
          value={value}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
        />
        {/* What the primary buttons will look like: white text on the colour. */}
        <span className={styles.sample} style={{ background: value }} aria-hidden="true">
          {value}
        </span>
      </div>
      <p id={hintId} className={styles.hint}>
        {t('appSettings.accent_hint')}
      </p>
      {problem && (
        <div className={styles.row}>
          <p id={errorId} className={form.error} role="alert">
            {problem}
          </p>
          {proposal && (
            <button type="button" className="button" onClick={() => onChange(proposal)}>
              <span className={styles.swatch} style={{ background: proposal }} aria-hidden="true" />
              {t('appSettings.accent_use', { colour: proposal })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
