import styles from './install-guide.module.css';

/**
 * The install steps' pictures: small drawings of what the member sees, the thing to touch circled in the
 * club's accent colour. Each is an image with its text alternative (the caption beside it says the step).
 */
export type PictureName = 'menu' | 'androidItem' | 'share' | 'iosItem' | 'home';

function Frame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <svg className={styles.picture} viewBox="0 0 160 96" role="img" aria-label={label}>
      <rect className={styles.frame} x="1" y="1" width="158" height="94" rx="10" />
      {children}
    </svg>
  );
}

/** Chrome's top bar: the address field and the « ⋮ » menu, circled. */
function MenuDots() {
  return (
    <>
      <rect className={styles.bar} x="1" y="1" width="158" height="40" rx="10" />
      <rect className={styles.field} x="12" y="10" width="106" height="22" rx="11" />
      <circle className={styles.ink} cx="138" cy="13" r="2.6" />
      <circle className={styles.ink} cx="138" cy="21" r="2.6" />
      <circle className={styles.ink} cx="138" cy="29" r="2.6" />
      <circle className={styles.ring} cx="138" cy="21" r="14" />
      <rect className={styles.line} x="14" y="54" width="120" height="6" rx="3" />
      <rect className={styles.line} x="14" y="70" width="90" height="6" rx="3" />
    </>
  );
}

/** A menu opened from the top right; one row with a phone-and-arrow glyph, circled. */
function AndroidItem() {
  return (
    <>
      <rect className={styles.sheet} x="40" y="6" width="112" height="84" rx="6" />
      <rect className={styles.line} x="52" y="16" width="80" height="6" rx="3" />
      <rect className={styles.line} x="52" y="32" width="64" height="6" rx="3" />
      <rect className={styles.glyph} x="50" y="49" width="10" height="16" rx="2" />
      <path className={styles.glyph} d="M55 53v7M52 57l3 3 3-3" />
      <rect className={styles.strong} x="66" y="54" width="76" height="7" rx="3" />
      <rect className={styles.ring} x="44" y="44" width="104" height="26" rx="6" />
      <rect className={styles.line} x="52" y="78" width="70" height="6" rx="3" />
    </>
  );
}

/** Safari's bottom toolbar: back, forward, the Share icon (a square with an arrow up) circled, book, tabs. */
function Share() {
  return (
    <>
      <rect className={styles.line} x="14" y="14" width="120" height="6" rx="3" />
      <rect className={styles.line} x="14" y="28" width="90" height="6" rx="3" />
      <rect className={styles.bar} x="1" y="52" width="158" height="43" rx="10" />
      <path className={styles.glyph} d="M22 66l-6 7 6 7M44 66l6 7-6 7" />
      <path className={styles.glyph} d="M74 70h-5v15h22V70h-5M80 78V61M74 66l6-6 6 6" />
      <circle className={styles.ring} cx="80" cy="72" r="17" />
      <path className={styles.glyph} d="M108 66h12v14h-12zM114 66v14" />
      <rect className={styles.glyph} x="134" y="64" width="13" height="13" rx="2" />
      <rect className={styles.glyph} x="138" y="68" width="13" height="13" rx="2" />
    </>
  );
}

/** The share sheet: rows of actions, the one with a plus in a square circled. */
function IosItem() {
  return (
    <>
      <rect className={styles.sheet} x="8" y="8" width="144" height="82" rx="8" />
      <rect className={styles.line} x="18" y="18" width="90" height="6" rx="3" />
      <rect className={styles.strong} x="18" y="48" width="92" height="7" rx="3" />
      <rect className={styles.glyph} x="124" y="42" width="18" height="18" rx="4" />
      <path className={styles.glyph} d="M133 46v10M128 51h10" />
      <rect className={styles.ring} x="12" y="36" width="136" height="30" rx="6" />
      <rect className={styles.line} x="18" y="76" width="70" height="6" rx="3" />
    </>
  );
}

/** A phone's home screen: a grid of apps, the club's in its colour with a check. */
function Home() {
  const apps = [0, 1, 2, 3].flatMap((col) => [0, 1].map((row) => ({ col, row })));
  return (
    <>
      {apps.map(({ col, row }) =>
        col === 2 && row === 1 ? null : (
          <rect
            key={`${col}-${row}`}
            className={styles.app}
            x={22 + col * 32}
            y={14 + row * 36}
            width="22"
            height="22"
            rx="6"
          />
        ),
      )}
      <rect className={styles.clubApp} x="86" y="50" width="22" height="22" rx="6" />
      <path className={styles.onAccent} d="M91 61l4 4 8-8" />
      <circle className={styles.ring} cx="97" cy="61" r="16" />
    </>
  );
}

const DRAWINGS: Record<PictureName, () => React.JSX.Element> = {
  menu: MenuDots,
  androidItem: AndroidItem,
  share: Share,
  iosItem: IosItem,
  home: Home,
};

export function InstallPicture({ name, label }: { name: PictureName; label: string }) {
  const Drawing = DRAWINGS[name];
  return (
    <Frame label={label}>
      <Drawing />
    </Frame>
  );
}
