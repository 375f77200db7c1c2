import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installOffer } from '../../state/install-offer';
import styles from './install-guide.module.css';
import { InstallPicture, type PictureName } from './install-pictures';

export type Platform = 'android' | 'ios';

/** Running as the installed app (Chromium's standalone display, or Safari's Home Screen app). */
export function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** The phone the steps are for, from the user agent: an iPadOS Safari says « Macintosh » but has touch. */
export function detectPlatform(): Platform {
  const ua = navigator.userAgent ?? '';
  const isIos = /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return isIos ? 'ios' : 'android';
}

/** Shows the browser's install question (once: an offer is used up); true when the member accepted. */
async function promptInstall(): Promise<boolean> {
  const offer = installOffer.event;
  if (!offer) return false;
  installOffer.event = null;
  await offer.prompt();
  return (await offer.userChoice).outcome === 'accepted';
}

const STEPS: Record<Platform, readonly { text: string; picture: PictureName }[]> = {
  android: [
    { text: 'install.android_step1', picture: 'menu' },
    { text: 'install.android_step2', picture: 'androidItem' },
    { text: 'install.step_home', picture: 'home' },
  ],
  ios: [
    { text: 'install.ios_step1', picture: 'share' },
    { text: 'install.ios_step2', picture: 'iosItem' },
    { text: 'install.step_home', picture: 'home' },
  ],
};

const PICTURE_LABELS: Record<PictureName, string> = {
  menu: 'install.picture_menu',
  androidItem: 'install.picture_android_item',
  share: 'install.picture_share',
  iosItem: 'install.picture_ios_item',
  home: 'install.picture_home',
};

function Steps({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  return (
    <ol className={styles.steps} data-testid={`install-steps-${platform}`}>
      {STEPS[platform].map((step) => (
        <li key={step.text} className={styles.step}>
          <InstallPicture name={step.picture} label={t(PICTURE_LABELS[step.picture])} />
          <p>{t(step.text)}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * « Installer l'application », in the welcome and in the profile's own tab: already installed, it says so;
 * where the browser offered to install (Chromium, `beforeinstallprompt` kept by state/install-offer.ts), one
 * button replays that offer; otherwise the steps with pictures for this phone (Chrome's « ⋮ » menu on
 * Android, Safari's « Partager » on iOS), and the other phone's steps one tap away.
 */
export function InstallGuide() {
  const { t } = useTranslation();
  const [isDone, setDone] = useState(isInstalled);
  const [canPrompt, setCanPrompt] = useState(() => installOffer.event !== null);
  const [platform, setPlatform] = useState(detectPlatform);

  if (isDone)
    return (
      <p className={styles.text} role="status">
        {t('install.installed')}
      </p>
    );
  if (canPrompt) {
    const install = () =>
      void promptInstall().then((accepted) => (accepted ? setDone(true) : setCanPrompt(false)));
    return (
      <div className={styles.guide}>
        <p className={styles.text}>{t('install.why')}</p>
        <div>
          <button type="button" className="button button-primary" onClick={install}>
            {t('install.button')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.guide}>
      <p className={styles.text}>{t('install.why')}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form's fieldset */}
      <div className={styles.platforms} role="group" aria-label={t('install.platform_label')}>
        <span className={styles.muted}>{t('install.platform_label')}</span>
        {(['android', 'ios'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="button"
            aria-pressed={platform === option}
            onClick={() => setPlatform(option)}
          >
            {t(`install.platform_${option}`)}
          </button>
        ))}
      </div>
      <Steps platform={platform} />
      {platform === 'ios' && <p className={styles.muted}>{t('install.ios_push')}</p>}
    </div>
  );
}
