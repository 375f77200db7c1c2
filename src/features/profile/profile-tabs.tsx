import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TourPopover, useGuidedTour } from '../../ui/guided-tour';
import { Tabs } from '../../ui/tabs';
import styles from './profile-tabs.module.css';
import { TOUR_FLAG_KEY } from './tour-flag';

type Tab = 'profile' | 'preferences';

/**
 * The profile and preferences tabs; the guided tour highlights the preferences tab. `?tab=preferences`
 * opens on the preferences (the weekly email's one-click link), with no tour pointing at where one is.
 */
export function ProfileTabs({ panels }: { panels: Record<Tab, ReactNode> }) {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const [isLinkedToPreferences] = useState(() => params.get('tab') === 'preferences');
  const [selected, setSelected] = useState<Tab>(isLinkedToPreferences ? 'preferences' : 'profile');
  const guidedTour = useGuidedTour(TOUR_FLAG_KEY);
  const tour = { ...guidedTour, isRunning: guidedTour.isRunning && !isLinkedToPreferences };

  function select(tab: Tab) {
    setSelected(tab);
    if (tab === 'preferences') tour.close(); // the member followed the tour
  }

  return (
    <Tabs
      label={t('profile.tabs_label')}
      tabs={[
        { id: 'profile', label: t('profile.tab_profile') },
        {
          id: 'preferences',
          label: t('profile.tab_preferences'),
          ...(tour.isRunning ? { describedBy: `${id}-tour-text`, className: styles.highlighted } : {}),
        },
      ]}
      selected={selected}
      onSelect={select}
      panels={panels}
      afterList={
        tour.isRunning && (
          <TourPopover
            id={`${id}-tour`}
            title={t('profile.tour_title')}
            text={t('profile.tour_text')}
            closeLabel={t('profile.tour_close')}
            testId="profile-tour"
            onClose={tour.close}
          />
        )
      }
    />
  );
}
