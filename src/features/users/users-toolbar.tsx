import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_SORTS, type UserSort } from './user-filter';
import styles from './users.module.css';

/** « Rechercher un membre » and « Trier par » above the Admins' list: both work on the list already read. */
export function UsersToolbar({
  search,
  sort,
  onSearch,
  onSort,
}: {
  search: string;
  sort: UserSort;
  onSearch: (search: string) => void;
  onSort: (sort: UserSort) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={`${id}-search`}>{t('users.search_label')}</label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('users.search_placeholder')}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>{t('users.sort_label')}</label>
        <select
          id={`${id}-sort`}
          value={sort}
          onChange={(event) => onSort(USER_SORTS.find((s) => s === event.target.value) ?? 'last_name')}
        >
          {USER_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`users.sort_${option}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
