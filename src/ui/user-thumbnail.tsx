import { thumbnailUrl } from '@common/contract/users';
import { useState } from 'react';
import styles from './user-thumbnail.module.css';

/**
 * The member's thumbnail; their initial when they have no picture. Decorative: the name sits beside it.
 * `lazy` for long lists (the checklist): pictures below the fold wait until scrolled to.
 */
export function UserThumbnail({
  userId,
  username,
  size,
  isLazy = false,
}: {
  userId: string;
  username: string;
  size: number;
  isLazy?: boolean;
}) {
  const [isMissing, setMissing] = useState(false);
  const box = { width: size, height: size };
  if (isMissing) {
    return (
      <span className={styles.initial} style={box} aria-hidden="true">
        {username.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={styles.thumbnail}
      src={thumbnailUrl(userId)}
      alt=""
      width={size}
      height={size}
      loading={isLazy ? 'lazy' : undefined}
      onError={() => setMissing(true)}
    />
  );
}
