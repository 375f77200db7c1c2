import { useStartBrand } from '../../data/settings';
import { ClubLogoImage } from '../../ui/club-logo';
import { Icon } from '../../ui/icons';
import styles from './login-brand.module.css';

/**
 * The club's logo and name above the sign-in and password forms (docs/rules.md#club-settings), from the
 * start settings' read (never the cache: data/settings.ts). Before any read, or with no logo uploaded, a
 * neutral mark in the accent colour: never the app's own « É », which is not the member's club. Kept small:
 * the sign-in form is in the first paint.
 */
export function LoginBrand() {
  // As read in this page, else as mirrored at the last read: a reload's first paint has them.
  const { clubName: name, logoUrl: url } = useStartBrand();
  return (
    <div className={styles.brand}>
      {url ? (
        <ClubLogoImage url={url} size={64} />
      ) : (
        // A club known here whose logo the cache has not answered yet: the place kept, empty (no flash).
        <span className={styles.mark}>{(url === '' || !name) && <Icon name="users" />}</span>
      )}
      {/* The name's line is kept before the first read answers: the form does not move when it comes. */}
      <p className={styles.name} aria-hidden={name ? undefined : true}>
        {name || '\u00a0'}
      </p>
    </div>
  );
}
