import { useRef, type KeyboardEvent } from 'react';
import styles from './LineTabs.module.css';

interface LineTab<K extends string> {
  key: K;
  title: string;
}

interface Props<K extends string> {
  tabs: readonly LineTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** names the tab list for screen readers */
  label: string;
  className?: string;
}

/**
 * A row of text tabs with an underline under the active one — the look of antd-mobile's Tabs for
 * a filter row. Pure CSS: antd's Tabs measure every tab in a layout effect and move the line with
 * a spring, which forced a full layout inside the Markets page's first commit and brought
 * react-spring onto the route (a long task at 4× CPU). WAI-ARIA tabs pattern: one tab
 * in the tab order, arrow keys move between them.
 */
export function LineTabs<K extends string>({ tabs, active, onChange, label, className }: Props<K>) {
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    // from the focused tab, not the `active` prop: a second key press can come before the first
    // one's selection has rendered (the list re-renders as a transition), and must move on from it
    const focused = (e.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key;
    const at = tabs.findIndex((t) => t.key === (focused ?? active));
    const next = tabs[(at + step + tabs.length) % tabs.length];
    onChange(next.key);
    list.current?.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={`${styles.tabs} ${className ?? ''}`} onKeyDown={onKey}>
      {tabs.map((t) => {
        const on = t.key === active;
        return (
          <button
            key={t.key}
            type="button"
            role="tab"
            data-key={t.key}
            aria-selected={on}
            tabIndex={on ? 0 : -1}
            className={on ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => on || onChange(t.key)}
          >
            {t.title}
          </button>
        );
      })}
    </div>
  );
}
