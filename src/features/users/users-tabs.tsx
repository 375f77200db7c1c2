import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/tabs';
import styles from './users.module.css';

type UsersTab = 'active' | 'revoked';

/** Active and revoked accounts as a real tablist, each tab with its count once the list is in. */
export function UsersTabs({
  counts,
  panels,
}: {
  counts: Record<UsersTab, number | null>;
  panels: Record<UsersTab, ReactNode>;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<UsersTab>('active');
  const label = (tab: UsersTab) => (
    <>
      {t(`users.tab_${tab}`)}
      {counts[tab] !== null && <span className={styles.count}>{counts[tab]}</span>}
    </>
  );
  return (
    <Tabs
      label={t('users.tabs_label')}
      tabs={[
        { id: 'active', label: label('active') },
        { id: 'revoked', label: label('revoked') },
      ]}
      selected={selected}
      onSelect={setSelected}
      panels={panels}
    />
  );
}
