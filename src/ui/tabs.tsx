import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { tabForKey } from './tab-keys';
import styles from './tabs.module.css';

export interface TabSpec<Tab extends string> {
  id: Tab;
  label: ReactNode;
  /** What else describes the tab (a guided tour's text pointing at it). */
  describedBy?: string;
  className?: string;
}

/**
 * A real tablist (WAI-ARIA APG): arrows, Home and End move the selection and the focus; only the selected
 * tab is in the Tab order; every panel stays mounted (hidden), so nothing typed in one is lost in another.
 * The caller owns the selection, to act on a change. `afterList` sits under the tabs, before the panels.
 */
export function Tabs<Tab extends string>({
  label,
  tabs,
  selected,
  onSelect,
  panels,
  afterList,
}: {
  label: string;
  tabs: ReadonlyArray<TabSpec<Tab>>;
  selected: Tab;
  onSelect: (tab: Tab) => void;
  panels: Record<Tab, ReactNode>;
  afterList?: ReactNode;
}) {
  const id = useId();
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const ids = tabs.map((tab) => tab.id);

  function onKeyDown(event: KeyboardEvent) {
    const target = tabForKey(ids, selected, event.key);
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    refs.current[target]?.focus();
  }

  return (
    <div>
      <div className={styles.wrap}>
        <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                refs.current[tab.id] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={selected === tab.id}
              aria-controls={`${id}-panel-${tab.id}`}
              aria-describedby={tab.describedBy}
              tabIndex={selected === tab.id ? 0 : -1}
              className={`${styles.tab} ${tab.className ?? ''}`}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {afterList}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          className={styles.panel}
          hidden={selected !== tab.id}
        >
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
