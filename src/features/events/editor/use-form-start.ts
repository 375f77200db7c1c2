import type { EventDto } from '@common/contract/event';
import { type Dispatch, type SetStateAction, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readModelStart } from '../../../data/model-start';
import { endAfter, fillFromLast } from './event-form-start';
import type { EventFormValues } from './event-form-state';

const MINUTE = 60_000;

const minutesOf = (event: EventDto): number =>
  Math.round((new Date(event.end_date).getTime() - new Date(event.start_date).getTime()) / MINUTE);

/**
 * The form's changes, with their starting points: picking a model on a new event fills in what its last event
 * had, and the end then follows the start at that event's duration until the end is typed by hand. A copy
 * ("Dupliquer") follows its original's duration the same way. `note` says where the values came from. Reading
 * the last event needs the network; offline, the form simply stays as typed.
 */
export function useFormStart(
  isNew: boolean,
  copyOf: EventDto | null,
  timeZone: string,
  setValues: Dispatch<SetStateAction<EventFormValues>>,
) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const duration = useRef<number | null>(copyOf ? minutesOf(copyOf) : null);
  const filled = useRef<Partial<EventFormValues>>({});
  const picked = useRef('');

  function pickModel(modelUuid: string) {
    picked.current = modelUuid;
    setNote(null);
    if (!modelUuid) return;
    readModelStart(modelUuid).then(
      (last) => {
        if (picked.current !== modelUuid || !last) return;
        duration.current = last.duration_minutes;
        setValues((v) => {
          const start = fillFromLast(v, last, filled.current, timeZone);
          filled.current = start.filled;
          return start.values;
        });
        setNote(t('eventWords.from_last'));
      },
      () => undefined,
    );
  }

  function onChange(patch: Partial<EventFormValues>) {
    if ('endDay' in patch || 'endTime' in patch) duration.current = null;
    const follows = duration.current;
    setValues((v) => {
      const next = { ...v, ...patch };
      const end =
        follows !== null && ('startDay' in patch || 'startTime' in patch)
          ? endAfter(next, follows, timeZone)
          : null;
      return end ? { ...next, ...end } : next;
    });
    if (isNew && !copyOf && patch.modelUuid !== undefined && patch.modelUuid !== picked.current)
      pickModel(patch.modelUuid);
  }

  return { note: copyOf ? t('eventWords.copied') : note, onChange };
}
