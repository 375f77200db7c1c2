import { useState } from 'react';
import { initialsOf } from './attendee-list';
import styles from './attendees.module.css';

/** A face: the member's thumbnail, or their initials when they have none (or are hidden). Decorative: the name is beside it. */
export function Avatar({ name, thumbnailUrl }: { name: string | null; thumbnailUrl: string | null }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (!thumbnailUrl || hasFailed)
    return (
      <span className={styles.avatar} aria-hidden="true">
        {initialsOf(name)}
      </span>
    );
  return (
    <img
      className={styles.avatar}
      src={thumbnailUrl}
      alt=""
      width={36}
      height={36}
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
    />
  );
}
