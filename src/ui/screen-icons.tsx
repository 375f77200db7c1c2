import { PATHS } from './icons';

/** The icons only lazy screens show, beside those of the first paint (icons.tsx): not in the first download. */
const MORE_PATHS = {
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  image: 'M3 4h18v16H3zM8.5 10a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM21 16l-5-5-11 9',
  model: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 16.5h7M16.5 13v7',
  stuff: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  chevron: 'M9 6l6 6-6 6',
  back: 'M15 6l-6 6 6 6',
  add: 'M12 5v14M5 12h14',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  close: 'M6 6l12 12M18 6L6 18',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  warning: 'M12 3L2 20h20L12 3zM12 10v4M12 17h.01',
} as const;

export type ScreenIconName = keyof typeof PATHS | keyof typeof MORE_PATHS;

const ALL_PATHS: Record<ScreenIconName, string> = { ...PATHS, ...MORE_PATHS };

/** Any of the app's icons, for a lazy screen. Decorative: labels carry the meaning. */
export function Icon({ name }: { name: ScreenIconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ALL_PATHS[name]} />
    </svg>
  );
}
