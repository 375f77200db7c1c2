/**
 * How the thread names people and times (docs/rules.md#talking-around-an-event): an author the club hides
 * from members is « Un membre », a deleted account « Membre supprimé », a guardian writing for a child
 * « Gwen Le Goff, pour Lou Le Goff ». Times read in words, the exact time in the club's zone on hover.
 */
import { formatDistanceToNow } from 'date-fns';
import { enGB, fr } from 'date-fns/locale';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../data/comments';
import { useClubTimeZone } from '../../../data/settings';
import styles from './comments.module.css';

interface Named {
  first_name: string | null;
  last_name: string | null;
}

export const fullName = (person: Named): string =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

/** The author as members may read them; `isNamed` false when the thread must not name them (no face either). */
export function authorName(t: TFunction, comment: Comment): { name: string; isNamed: boolean } {
  if (comment.is_deleted) return { name: t('comments.deleted_member'), isNamed: false };
  const name = comment.is_hidden ? '' : fullName(comment.author);
  return name ? { name, isNamed: true } : { name: t('comments.hidden_member'), isNamed: false };
}

/** « Gwen Le Goff, pour Lou Le Goff » when written for a child, else the author alone. */
export const signature = (t: TFunction, author: string, child: string | null): string =>
  child ? t('comments.author_for', { author, child }) : author;

// One formatter per language and zone: making one costs more than formatting, and a thread shows dozens of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function exactFormat(language: 'fr' | 'en', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language} ${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** « il y a 5 minutes » / "5 minutes ago", with the exact time, in the club's zone, as its title. */
export function CommentTime({ at }: { at: string | number }) {
  const { i18n } = useTranslation();
  const timeZone = useClubTimeZone();
  const instant = new Date(at);
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const exact = exactFormat(language, timeZone).format(instant);
  return (
    <time className={styles.when} dateTime={instant.toISOString()} title={exact}>
      {formatDistanceToNow(instant, { addSuffix: true, locale: language === 'fr' ? fr : enGB })}
    </time>
  );
}
