import { LIMITS } from '@common/contract/limits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HealthItem, HealthKind } from '../../data/member-file';
import { FormDialog } from '../form-dialog';
import styles from './health-item-dialog.module.css';

export const HEALTH_KINDS: readonly HealthKind[] = [
  'caci',
  'qs_sport',
  'minor_questionnaire',
  'pps',
  'savoir_nager',
];

type Invalid = 'date' | 'all_no' | 'signed_by' | null;

/**
 * Adds or changes one health item (docs/rules.md#members-file): a kind from the closed list, its date (today at
 * the latest) and what that kind attests, never free text about health. A refusal keeps the dialog open with
 * everything typed; `onSave` makes the write.
 */
export function HealthItemDialog({
  initial,
  kind: firstKind,
  today,
  onSave,
  onClose,
}: {
  /** The item changed; none to add one. */
  initial?: HealthItem;
  /** The kind offered first when adding (the reason's own paper). */
  kind?: HealthKind;
  /** The club day, `yyyy-mm-dd`: no date after it. */
  today: string;
  onSave: (item: HealthItem) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<HealthKind>(initial?.kind ?? firstKind ?? 'caci');
  const [date, setDate] = useState(initial?.date ?? '');
  const [competition, setCompetition] = useState(initial?.kind === 'caci' && initial.competition);
  const [allNo, setAllNo] = useState<'yes' | 'no' | ''>(
    initial?.kind === 'qs_sport' ? (initial.all_no ? 'yes' : 'no') : '',
  );
  const [signedBy, setSignedBy] = useState(initial?.kind === 'minor_questionnaire' ? initial.signed_by : '');
  const [way, setWay] = useState<'attestation' | 'test'>(
    initial?.kind === 'savoir_nager' ? initial.way : 'attestation',
  );
  const [invalid, setInvalid] = useState<Invalid>(null);

  function itemOrRefusal(): HealthItem | { field: Exclude<Invalid, null>; text: string } {
    if (!date) return { field: 'date', text: t('myDossier.date_required') };
    if (date > today) return { field: 'date', text: t('myDossier.date_future') };
    switch (kind) {
      case 'caci':
        return { kind, date, competition };
      case 'qs_sport':
        if (!allNo) return { field: 'all_no', text: t('myDossier.answer_required') };
        return { kind, date, all_no: allNo === 'yes' };
      case 'minor_questionnaire':
        if (!signedBy.trim()) return { field: 'signed_by', text: t('myDossier.name_required') };
        return { kind, date, signed_by: signedBy.trim() };
      case 'pps':
        return { kind, date };
      case 'savoir_nager':
        return { kind, date, way };
    }
  }

  async function submit(): Promise<string | undefined> {
    const answer = itemOrRefusal();
    if ('field' in answer) {
      setInvalid(answer.field);
      return answer.text;
    }
    setInvalid(null);
    await onSave(answer);
    return undefined;
  }

  const yesNo = (value: 'yes' | 'no') => (
    <label className={styles.choice}>
      <input
        type="radio"
        name={`${id}-all-no`}
        value={value}
        checked={allNo === value}
        onChange={() => setAllNo(value)}
      />
      {t(value === 'yes' ? 'myDossier.yes' : 'myDossier.no')}
    </label>
  );
  const wayChoice = (value: 'attestation' | 'test') => (
    <label className={styles.choice}>
      <input
        type="radio"
        name={`${id}-way`}
        value={value}
        checked={way === value}
        onChange={() => setWay(value)}
      />
      {t(value === 'test' ? 'myDossier.way_test' : 'myDossier.way_attestation')}
    </label>
  );

  return (
    <FormDialog
      title={t(initial ? 'myDossier.edit_title' : 'myDossier.add_title')}
      saveLabel={t('myDossier.save')}
      savingLabel={t('myDossier.saving')}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-kind`}>{t('myDossier.field_kind')}</label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as HealthKind)}
        >
          {HEALTH_KINDS.map((each) => (
            <option key={each} value={each}>
              {t(`myDossier.kind.${each}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-date`}>{t('myDossier.field_date')}</label>
        <input
          id={`${id}-date`}
          type="date"
          max={today}
          value={date}
          aria-invalid={invalid === 'date' || undefined}
          aria-describedby={`${id}-date-hint`}
          onChange={(event) => setDate(event.target.value)}
        />
        <p id={`${id}-date-hint`} className={styles.note}>
          {t('myDossier.date_hint')}
        </p>
      </div>
      {kind === 'caci' && (
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={competition}
            onChange={(event) => setCompetition(event.target.checked)}
          />
          {t('myDossier.field_competition')}
        </label>
      )}
      {kind === 'qs_sport' && (
        <fieldset className={styles.choices}>
          <legend>{t('myDossier.field_all_no')}</legend>
          {yesNo('yes')}
          {yesNo('no')}
        </fieldset>
      )}
      {kind === 'minor_questionnaire' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-signed-by`}>{t('myDossier.field_signed_by')}</label>
          <input
            id={`${id}-signed-by`}
            autoComplete="name"
            maxLength={LIMITS.nameMax}
            value={signedBy}
            aria-invalid={invalid === 'signed_by' || undefined}
            onChange={(event) => setSignedBy(event.target.value)}
          />
        </div>
      )}
      {kind === 'savoir_nager' && (
        <fieldset className={styles.choices}>
          <legend>{t('myDossier.field_way')}</legend>
          {wayChoice('attestation')}
          {wayChoice('test')}
        </fieldset>
      )}
    </FormDialog>
  );
}
