import { useTranslation } from 'react-i18next';

/** A declared route whose screen a later issue builds. */
export function PlaceholderScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="placeholder">
      <h1>{t(titleKey)}</h1>
      <p>{t('app.coming_soon')}</p>
    </section>
  );
}
