import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TourPopover, useGuidedTour } from '../../ui/guided-tour';
import styles from './profile-tabs.module.css';
import { TOUR_FLAG_KEY } from './tour-flag';

const TABS = ['profile', 'preferences'] as const;
type Tab = (typeof TABS)[number];

/** A real tablist (arrow keys, Home, End); the guided tour highlights the preferences tab. */
export function ProfileTabs({ panels }: { panels: Record<Tab, ReactNode> }) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState<Tab>('profile');
  const tour = useGuidedTour(TOUR_FLAG_KEY);
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  function select(tab: Tab, shouldFocus = false) {
    setSelected(tab);
    if (tab === 'preferences') tour.close(); // the member followed the tour
    if (shouldFocus) refs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.indexOf(selected);
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = TABS[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    select(target, true);
  }

  return (
    <div>
      <div className={styles.tabsWrap}>
        <div
          role="tablist"
          aria-label={t('profile.tabs_label')}
          className={styles.tablist}
          onKeyDown={onKeyDown}
        >
          {TABS.map((tab) => {
            const isTourTarget = tour.isRunning && tab === 'preferences';
            return (
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
                aria-describedby={isTourTarget ? `${id}-tour-text` : undefined}
                tabIndex={selected === tab ? 0 : -1}
                className={`${styles.tab} ${isTourTarget ? styles.highlighted : ''}`}
                onClick={() => select(tab)}
              >
                {t(tab === 'profile' ? 'profile.tab_profile' : 'profile.tab_preferences')}
              </button>
            );
          })}
        </div>
        {tour.isRunning && (
          <TourPopover
            id={`${id}-tour`}
            title={t('profile.tour_title')}
            text={t('profile.tour_text')}
            closeLabel={t('profile.tour_close')}
            testId="profile-tour"
            onClose={tour.close}
          />
        )}
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
