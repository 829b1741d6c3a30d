import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  value: T;
  onValueChange: (value: T) => void;
  /** Renders the panel of the selected tab. */
  children: ReactNode;
  className?: string;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel is rendered. The tab row scrolls
 * sideways when the labels do not fit (phones) instead of squeezing them into each other, and the chosen tab scrolls
 * into view.
 */
export function Tabs<T extends string>({ label, tabs, value, onValueChange, children, className }: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());

  function selectAt(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onValueChange(tab.value);
    const button = tabRefs.current.get(tab.value);
    button?.focus();
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((t) => t.value === value);
    if (event.key === 'ArrowRight') selectAt(current + 1);
    else if (event.key === 'ArrowLeft') selectAt(current - 1);
    else if (event.key === 'Home') selectAt(0);
    else if (event.key === 'End') selectAt(tabs.length - 1);
    else return;
    event.preventDefault();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 [scrollbar-width:thin] dark:bg-slate-800"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.value, el);
                else tabRefs.current.delete(tab.value);
              }}
              id={`${baseId}-tab-${tab.value}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                onValueChange(tab.value);
                event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
              }}
              className={cn(
                'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors lg:flex-1',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
                selected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${value}`}
        tabIndex={0}
        className="mt-6 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        {children}
      </div>
    </div>
  );
}
