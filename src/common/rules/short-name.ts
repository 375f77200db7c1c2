/**
 * The name under the app's icon on a home screen (docs/rules.md#club-settings): the club's `short_name` when an
 * Admin set one, else its name cut to 12 characters, as launchers cut anything longer themselves.
 */
import { SHORT_NAME_MAX } from '@common/contract/club-defaults';

/** The club's short name, or its name cut to SHORT_NAME_MAX characters (whole characters, end trimmed). */
export function shortNameOf(clubName: string, shortName?: string | null): string {
  if (shortName) return shortName;
  return Array.from(clubName.trim()).slice(0, SHORT_NAME_MAX).join('').trimEnd();
}
