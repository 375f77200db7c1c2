import { useTranslation } from 'react-i18next';
import { useUpdateStore } from './pwa-update';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const applyUpdate = useUpdateStore((s) => s.applyUpdate);
  if (!applyUpdate) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t('app.update_available')}</span>
      <button type="button" className="button button-primary" onClick={applyUpdate}>
        {t('app.update_reload')}
      </button>
    </div>
  );
}
