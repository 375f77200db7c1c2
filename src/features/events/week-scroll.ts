import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * The heading a week opens at: the current week's first day from today on (today's own when it has events),
 * or none when that is the week's first day shown (the week's title and arrows then stay in view) or every
 * day shown is past. `days` are the shown days in order (`yyyy-mm-dd`).
 */
export function openingDay(days: readonly string[], today: string, isCurrentWeek: boolean): string | null {
  if (!isCurrentWeek) return null;
  const index = days.findIndex((day) => day >= today);
  return index > 0 ? (days[index] ?? null) : null;
}

/**
 * Places the page once per week opened: the current week scrolled to today's heading (the days before stay
 * above, a scroll up away), another week at its top. Once placed, a repaint of the data (the server's answer
 * over the cached week, a write) never moves the page again; opening the week anew does.
 */
export function useWeekOpening(
  section: RefObject<HTMLElement | null>,
  monday: string,
  isShown: boolean,
  day: string | null,
): void {
  const placed = useRef<string | null>(null);
  useLayoutEffect(() => {
    const element = section.current;
    if (!element || !isShown || placed.current === monday) return;
    placed.current = monday;
    const heading = day ? element.querySelector(`[data-day="${day}"]`) : null;
    if (heading) {
      heading.scrollIntoView?.({ block: 'start', behavior: 'instant' });
      return;
    }
    // The page scrolls in its own box (app-layout.tsx): another week starts at its top.
    const box = element.closest('main');
    if (box) box.scrollTop = 0;
  }, [section, monday, isShown, day]);
}
