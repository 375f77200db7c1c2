import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { User } from '@common/contract/user';
import { factsOf, mayDeleteGuest, mayInvite, mayUpdateGuest, standingOf } from '@common/rules/events';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteGuest, fetchMyGuests, type Guest } from '../../data/guests';
import { useIsOnline } from '../../data/sync-status';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import styles from './dialog.module.css';
import { GuestDialog } from './guest-dialog';
import { kitNames, kitText } from './kit-text';

interface GuestLine extends Partial<Guest> {
  id: number;
  first_name: string;
  last_name: string;
}

/** The member's guests: the details from my-invite-list when online, the cached names otherwise. */
function useMyGuests(event: EventDto, userId: string, isOnline: boolean) {
  const cached = event.invite_list.filter((g) => g.uuid_user === userId);
  const key = cached.map((g) => `${g.id}:${g.first_name}:${g.last_name}`).join('|');
  const [fetched, setFetched] = useState<Guest[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    if (!isOnline || key === '') return;
    fetchMyGuests(event.uuid_event, userId).then(
      (list) => isCurrent && setFetched(list),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [event.uuid_event, userId, isOnline, key]);
  const lines: GuestLine[] = cached.map((c) => fetched?.find((f) => f.id === c.id) ?? c);
  /** A guest just saved: its details as the server answered, without waiting for a refetch. */
  const remember = (guest: Guest) =>
    setFetched((list) => [...(list ?? []).filter((g) => g.id !== guest.id), guest]);
  return { guests: lines, remember };
}

/** 'Add a guest' and the member's guests, each with their kit, with edit and delete (online only). */
export function GuestSection({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const { guests, remember } = useMyGuests(event, user.id, isOnline);
  const offlineId = useId();
  const why = isOnline ? undefined : offlineId;
  const [editing, setEditing] = useState<GuestLine | 'new' | null>(null);
  const [deleting, setDeleting] = useState<GuestLine | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasDeleted = useRef(false);
  const now = new Date();
  const facts = factsOf(event);
  const standing = standingOf(event, user.id);
  const canInvite = mayInvite(facts, standing, now).ok;
  const canEdit = mayUpdateGuest(facts, standing, now).ok;
  if (!canInvite && guests.length === 0) return null;
  // Each guest's kit beside them (docs/rules.md#kit), when the event lends any.
  const hasKit = event.stuffs_available.length > 0;
  const kitLine = (guest: GuestLine) => {
    const names = kitNames(event.stuffs_available, kitOf(guest));
    return names.length > 0 ? t('memberKit.line', { items: kitText(names) }) : t('memberKit.line_own');
  };

  /** On failure the toast names the action (§8) and the confirm dialog stays open with the reason. */
  async function remove(guest: GuestLine) {
    try {
      await deleteGuest(event.uuid_event, guest.id);
      wasDeleted.current = true;
      showToast('success', 'user_invite_deleted');
    } catch (error) {
      showToast('error', 'user_invite_delete_error');
      throw error;
    }
  }

  function endDelete() {
    setDeleting(null);
    // The button that opened the dialog goes with the guest: the focus goes to the list's heading.
    if (wasDeleted.current) headingRef.current?.focus();
    wasDeleted.current = false;
  }

  return (
    <section className={styles.section} aria-labelledby={`guests-${event.uuid_event}`}>
      <h3 id={`guests-${event.uuid_event}`} ref={headingRef} tabIndex={-1}>
        {t('registration.guests_title')}
      </h3>
      {!isOnline && (
        <p id={offlineId} className={styles.hint}>
          {t('registration.guests_offline')}
        </p>
      )}
      {guests.length === 0 && <p className={styles.hint}>{t('registration.no_guests')}</p>}
      <ul className={styles.guests}>
        {guests.map((guest) => {
          const name = `${guest.first_name} ${guest.last_name}`;
          return (
            <li key={guest.id} className={styles.guest}>
              <span className={styles.who}>
                <span>{name}</span>
                {hasKit && <span className={styles.hint}>{kitLine(guest)}</span>}
              </span>
              <span className={styles.buttons}>
                {canEdit && (
                  <button
                    type="button"
                    className="button"
                    disabled={!isOnline}
                    aria-describedby={why}
                    onClick={() => setEditing(guest)}
                  >
                    {t('registration.edit_guest', { name })}
                  </button>
                )}
                {mayDeleteGuest(user, facts, user.id, now).ok && (
                  <button
                    type="button"
                    className="button"
                    disabled={!isOnline}
                    aria-describedby={why}
                    onClick={() => setDeleting(guest)}
                  >
                    {t('registration.delete_guest', { name })}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {canInvite && (
        <button
          type="button"
          className="button"
          disabled={!isOnline}
          aria-describedby={why}
          onClick={() => setEditing('new')}
        >
          {t('registration.add_guest')}
        </button>
      )}
      {editing && (
        <GuestDialog
          key={editing === 'new' ? 'new' : editing.id}
          event={event}
          user={user}
          guest={editing === 'new' ? null : editing}
          onSaved={remember}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          message={t('registration.confirm_delete', {
            name: `${deleting.first_name} ${deleting.last_name}`,
          })}
          onConfirm={() => remove(deleting)}
          onClose={endDelete}
        />
      )}
    </section>
  );
}
