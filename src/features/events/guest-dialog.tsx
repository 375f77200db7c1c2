import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { User } from '@common/contract/user';
import { factsOf } from '@common/rules/events';
import { hasStarted } from '@common/rules/kit';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Guest, goneItemOf, saveGuest } from '../../data/guests';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ModalDialog } from '../../ui/modal-dialog';
import styles from './dialog.module.css';
import { GuestFields, type GuestValues, isEmailValid } from './guest-fields';
import { goneStuffName } from './kit-text';

const valuesOf = (guest: Partial<Guest> | null): GuestValues => ({
  first_name: guest?.first_name ?? '',
  last_name: guest?.last_name ?? '',
  age: guest?.age == null ? '' : String(guest.age),
  email: guest?.email ?? '',
  phone: guest?.phone ?? '',
  stuffs: guest ? kitOf(guest) : [],
});

/** Create or edit one guest, over the registration popup; online only. */
export function GuestDialog({
  event,
  user,
  guest,
  onSaved,
  onClose,
}: {
  event: EventDto;
  user: User;
  guest: (Partial<Guest> & { id: number }) | null;
  onSaved?: (guest: Guest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const offlineId = useId();
  const isOnline = useIsOnline();
  const [values, setValues] = useState(() => valuesOf(guest));
  const [held] = useState(() => valuesOf(guest).stuffs);
  // Once the event has started a guest's kit is fixed, as a member's (docs/rules.md#kit): it is sent unchanged.
  const kitIsFixed = guest !== null && hasStarted(factsOf(event), new Date());
  const [isSaving, setIsSaving] = useState(false);
  const hasNames = values.first_name.trim() !== '' && values.last_name.trim() !== '';
  const canSave = hasNames && isEmailValid(values.email) && isOnline && !isSaving;

  async function submit(e: FormEvent, close: () => void) {
    e.preventDefault();
    if (!canSave) return;
    setIsSaving(true);
    try {
      const saved = await saveGuest({
        ...(guest ? { id: guest.id } : {}),
        uuid_event: event.uuid_event,
        uuid_user: user.id,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        age: values.age === '' ? undefined : Number(values.age),
        email: values.email.trim() || undefined,
        phone: values.phone.trim() || undefined,
        // The whole kit, its first item as the spec's one (docs/rules.md#kit); `[]` sets own equipment.
        ...(values.stuffs[0] ? { uuid_stuff: values.stuffs[0] } : {}),
        stuffs: values.stuffs,
      });
      onSaved?.(saved);
      showToast('success', guest ? 'user_invite_updated' : 'user_invite_created');
      close();
    } catch (error) {
      // The item gone is named, as the booking does (docs/rules.md#kit); the event was read again meanwhile.
      const goneUuid = goneItemOf(error);
      const gone = goneUuid
        ? goneStuffName(event.stuffs_available, { code: 'stuff_unavailable', uuidStuff: goneUuid })
        : null;
      showToast(
        'error',
        'error_fetch',
        gone ? t('memberKit.gone_booking', { name: gone }) : errorText(t, error),
      );
      setIsSaving(false);
    }
  }

  return (
    <ModalDialog title={t(guest ? 'guest.title_edit' : 'guest.title_new')} onClose={onClose}>
      {(close) => (
        <form className={styles.body} onSubmit={(e) => void submit(e, close)} noValidate>
          <GuestFields
            values={values}
            stuffs={kitIsFixed ? [] : event.stuffs_available}
            held={held}
            onChange={setValues}
          />
          {!hasNames && <p className={styles.hint}>{t('guest.names_required')}</p>}
          {!isOnline && (
            <p id={offlineId} className={styles.hint} role="status">
              {t('guest.offline')}
            </p>
          )}
          <div className={styles.buttons}>
            <button
              type="submit"
              className="button button-primary"
              disabled={!canSave}
              aria-describedby={isOnline ? undefined : offlineId}
            >
              {t('guest.save')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('guest.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
