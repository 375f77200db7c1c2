/**
 * The tablist keyboard pattern (WAI-ARIA APG): arrows move to the next or previous tab, wrapping;
 * Home and End go to the first and last. Answers the tab to select, or undefined for any other key.
 */
export function tabForKey<Tab>(tabs: readonly Tab[], selected: Tab, key: string): Tab | undefined {
  const index = tabs.indexOf(selected);
  const next: Record<string, number> = {
    ArrowRight: (index + 1) % tabs.length,
    ArrowLeft: (index - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  };
  return tabs[next[key] ?? -1];
}
