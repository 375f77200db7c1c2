import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './screen-header.module.css';
import { Icon } from './screen-icons';

/** A settings screen's heading: a back link (named, as it shows only an arrow), the title, any actions. */
export function ScreenHeader({
  backTo,
  backLabel,
  title,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <Link to={backTo} className="icon-button" aria-label={backLabel}>
        <Icon name="back" />
      </Link>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
