import { LIMITS } from '@common/contract/limits';
import type { User } from '@common/contract/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addWalkIn } from '../../data/checklist';
import { foundName, MEMBER_SEARCH_MIN, type MemberFound, useMemberSearch } from '../../data/member-search';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ModalDialog } from '../../ui/modal-dialog';
import { UserThumbnail } from '../../ui/user-thumbnail';
import styles from './walk-in-dialog.module.css';

/**
 * « Ajouter une personne présente »: someone who came without registering, a club member found by name, or a
 * free name (« Nom »). Added as present through the outbox, so it works with no signal. The search asks the
 * server; with no signal it searches the club's list kept on an organiser's device (docs/rules.md#checklist), and
 * the member found is added by id all the same. The free name needs neither.
 */
export function WalkInDialog({
  user,
  eventUuid,
  onClose,
}: {
  user: User;
  eventUuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [name, setName] = useState('');
  const [isNameMissing, setNameMissing] = useState(false);
  const search = useMemberSearch(user.id, eventUuid, query);

  const add = async (person: { userId: string | null; name: string }, close: () => void) => {
    try {
      await addWalkIn(user, eventUuid, person);
      showToast('success', 'walkIn.added', t('walkIn.added', { name: person.name }));
      close();
    } catch (error) {
      showToast('error', 'error_fetch', errorText(t, error));
    }
  };
  const addByName = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (name.trim() === '') return setNameMissing(true);
    void add({ userId: null, name: name.trim().replace(/\s+/g, ' ') }, close);
  };
  const addMember = (member: MemberFound, close: () => void) =>
    void add({ userId: member.id, name: foundName(member) }, close);

  return (
    <ModalDialog title={t('walkIn.title')} onClose={onClose}>
      {(close) => (
        <div className={styles.body}>
          <section aria-labelledby="walk-in-member">
            <h3 id="walk-in-member">{t('walkIn.member_heading')}</h3>
            <label htmlFor="walk-in-search">{t('walkIn.search_label')}</label>
            <input
              id="walk-in-search"
              type="search"
              autoComplete="off"
              value={query}
              aria-describedby="walk-in-search-state"
              onChange={(e) => setQuery(e.target.value)}
            />
            <p id="walk-in-search-state" className={styles.state} role="status">
              {search.state === 'idle' && t('walkIn.search_hint', { count: MEMBER_SEARCH_MIN })}
              {search.state === 'searching' && t('walkIn.searching')}
              {search.state === 'failed' && t('walkIn.search_failed')}
              {search.state === 'found' && search.members.length === 0 && t('walkIn.none_found')}
              {search.state === 'found' && search.onDevice && ` ${t('walkIn.on_device')}`}
            </p>
            {search.state === 'found' && search.members.length > 0 && (
              <ul className={styles.results}>
                {search.members.map((member) => (
                  <li key={member.id}>
                    <button
                      type="button"
                      className={styles.member}
                      aria-label={t('walkIn.add_member', { name: foundName(member) })}
                      onClick={() => addMember(member, close)}
                    >
                      <UserThumbnail userId={member.id} username={foundName(member)} size={32} />
                      <span>{foundName(member)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <form onSubmit={(e) => addByName(e, close)} noValidate aria-labelledby="walk-in-free">
            <h3 id="walk-in-free">{t('walkIn.free_heading')}</h3>
            <label htmlFor="walk-in-name">{t('walkIn.name')}</label>
            <input
              id="walk-in-name"
              autoComplete="off"
              maxLength={LIMITS.nameMax}
              required
              value={name}
              aria-invalid={isNameMissing || undefined}
              aria-describedby={isNameMissing ? 'walk-in-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setNameMissing(false);
              }}
            />
            {isNameMissing && (
              <p id="walk-in-name-error" className={styles.error}>
                {t('walkIn.name_missing')}
              </p>
            )}
            <button type="submit" className="button">
              {t('walkIn.add')}
            </button>
          </form>
        </div>
      )}
    </ModalDialog>
  );
}
