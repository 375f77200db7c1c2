import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installWay, promptInstall } from '../state/install-offer';

/**
 * "Installer l'application": the browser's own install question where it offers one; on an iPhone or iPad,
 * the steps through Safari's Share menu (iOS needs the app on the Home Screen for push); elsewhere, where the
 * browser's menu has it.
 */
export function InstallHelp({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [way, setWay] = useState(installWay);
  if (way === 'installed') return <p className={className}>{t('install.installed')}</p>;
  if (way === 'prompt')
    return (
      <button
        type="button"
        className="button"
        onClick={() => void promptInstall().then((accepted) => setWay(accepted ? 'installed' : installWay()))}
      >
        {t('install.button')}
      </button>
    );
  return <p className={className}>{t(way === 'ios' ? 'install.ios' : 'install.menu')}</p>;
}
