import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tabForKey } from '../../ui/tab-keys';
import styles from './users.module.css';

const TABS = ['active', 'revoked'] as const;
export type UsersTab = (typeof TABS)[number];

/** Active and revoked accounts as a real tablist (arrow keys, Home, End), each tab naming its count. */
export function UsersTabs({
  counts,
  panels,
}: {
  counts: Record<UsersTab, number | null>;
  panels: Record<UsersTab, ReactNode>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState<UsersTab>('active');
  const refs = useRef<Partial<Record<UsersTab, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent) {
    const target = tabForKey(TABS, selected, event.key);
    if (!target) return;
    event.preventDefault();
    setSelected(target);
    refs.current[target]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={t('users.tabs_label')} className={styles.tablist} onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={selected === tab}
            aria-controls={`${id}-panel-${tab}`}
            tabIndex={selected === tab ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(tab)}
          >
            {t(`users.tab_${tab}`)}
            {counts[tab] !== null && <span className={styles.count}>{counts[tab]}</span>}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-panel-${tab}`}
          aria-labelledby={`${id}-tab-${tab}`}
          className={styles.panel}
          hidden={selected !== tab}
        >
          {panels[tab]}
        </div>
      ))}
    </div>
  );
}
