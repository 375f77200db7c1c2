import { LICENCE_TYPES_MAX, type MemberFileSettings } from '@common/contract/member-file';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';
import own from './member-file-settings.module.css';

type LicenceType = MemberFileSettings['licence_types'][number];
const NAME_MAX = 60;

/**
 * The licence types the club's federation issues, each saying whether it opens competition
 * (docs/rules.md#members-file); with none, a licence may have any type.
 */
export function LicenceTypesField({
  value,
  onChange,
}: {
  value: readonly LicenceType[];
  onChange: (types: LicenceType[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [opens, setOpens] = useState(false);
  const trimmed = name.trim();
  const isTaken = value.some((type) => type.name === trimmed);
  const mayAdd = trimmed !== '' && trimmed.length <= NAME_MAX && !isTaken && value.length < LICENCE_TYPES_MAX;

  function add() {
    if (!mayAdd) return;
    onChange([...value, { name: trimmed, opens_competition: opens }]);
    setName('');
    setOpens(false);
  }

  return (
    <fieldset className={own.group} aria-describedby={`${id}-hint`}>
      <legend>{t('memberFileSettings.licence_types')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t(
          value.length === 0
            ? 'memberFileSettings.licence_types_none'
            : 'memberFileSettings.licence_types_hint',
        )}
      </p>
      {value.length > 0 && (
        <ul className={own.typeList}>
          {value.map((type, index) => (
            <li key={type.name} className={own.typeRow}>
              <span className={own.typeName}>{type.name}</span>
              <label className={form.choice}>
                <input
                  type="checkbox"
                  checked={type.opens_competition}
                  onChange={(event) =>
                    onChange(
                      value.map((other, i) =>
                        i === index ? { ...other, opens_competition: event.target.checked } : other,
                      ),
                    )
                  }
                />
                {t('memberFileSettings.opens_competition_of', { name: type.name })}
              </label>
              <button
                type="button"
                className="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                {t('memberFileSettings.remove_type', { name: type.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={own.typeRow}>
        <label className={own.inline}>
          {t('memberFileSettings.new_type')}
          <input
            type="text"
            className={own.typeName}
            value={name}
            maxLength={NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </label>
        <label className={form.choice}>
          <input type="checkbox" checked={opens} onChange={(event) => setOpens(event.target.checked)} />
          {t('memberFileSettings.opens_competition')}
        </label>
        <button type="button" className="button" disabled={!mayAdd} onClick={add}>
          {t('memberFileSettings.add_type')}
        </button>
      </div>
      {isTaken && (
        <p className={form.error} role="alert">
          {t('memberFileSettings.type_taken')}
        </p>
      )}
    </fieldset>
  );
}
