// Small inline icons (no icon font: nothing to fetch, works offline). Decorative: labels carry the meaning.
// The icons of the first paint (the week, its header and nav, the sign-in screen); the screens' others are in
// screen-icons.tsx, which lazy screens import instead.
export const PATHS = {
  logout: 'M10 17l-5-5 5-5M5 12h11M14 4h5v16h-5',
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 13a7.5 7.5 0 000-2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 00-1.7-1L15 3.5h-4l-.4 2.5a7.6 7.6 0 00-1.7 1l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 000 2l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 001.7 1l.4 2.5h4l.4-2.5a7.6 7.6 0 001.7-1l2.4 1 2-3.4z',
  event: 'M12 8v8M8 12h8M4 5h16v15H4zM8 3v4M16 3v4',
  news: 'M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M7 9h7M7 13h7',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7.5M22 21a7 7 0 00-4.5-6.5',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  cancelled: 'M12 21a9 9 0 100-18 9 9 0 000 18zM6 6l12 12',
  check: 'M4 12l5 5L20 6',
  guests: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M17 11a3 3 0 100-6M22 21a6 6 0 00-4-5.6',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4',
  open: 'M5 11h14v10H5zM8 11V7a4 4 0 017.7-1.5',
  past: 'M3 12a9 9 0 109-9M3 4v5h5M12 7v5l3 2',
  repeat: 'M17 2l4 4-4 4M3 11v-1a4 4 0 014-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 01-4 4H3',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
