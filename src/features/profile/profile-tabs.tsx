import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TourPopover, useGuidedTour } from '../../ui/guided-tour';
import { Tabs } from '../../ui/tabs';
import styles from './profile-tabs.module.css';
import { TOUR_FLAG_KEY } from './tour-flag';

type Tab = 'profile' | 'preferences' | 'family' | 'file' | 'install';
const LINKED_TABS: readonly (string | null)[] = ['preferences', 'family', 'file', 'install'];

/**
 * The profile, preferences and family tabs; the guided tour highlights the preferences tab. `?tab=preferences`
 * opens on the preferences (the weekly email's one-click link), with no tour pointing at where one is;
 * `?tab=family` on « Ma famille », `?tab=file` on « Mon dossier », `?tab=install` on « Installer ».
 */
export function ProfileTabs({ panels }: { panels: Record<Tab, ReactNode> }) {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const [linked] = useState(() => params.get('tab'));
  const [selected, setSelected] = useState<Tab>(LINKED_TABS.includes(linked) ? (linked as Tab) : 'profile');
  // « Mon dossier » reads the member's file: only once its tab was opened (docs/rules.md#members-file).
  const [isFileOpened, setFileOpened] = useState(selected === 'file');
  const guidedTour = useGuidedTour(TOUR_FLAG_KEY);
  const tour = { ...guidedTour, isRunning: guidedTour.isRunning && linked === null };

  function select(tab: Tab) {
    setSelected(tab);
    if (tab === 'file') setFileOpened(true);
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
        { id: 'family', label: t('my_family.tab') },
        { id: 'file', label: t('myDossier.tab') },
        { id: 'install', label: t('install.tab') },
      ]}
      selected={selected}
      onSelect={select}
      panels={{ ...panels, file: isFileOpened ? panels.file : null }}
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
