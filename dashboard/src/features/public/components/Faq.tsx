import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Native disclosure widgets: keyboard accessible (Enter/Space on the summary) without script. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => (
        <details key={item.question} className="group p-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-left font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-white [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-xl leading-none text-slate-500 transition-transform group-open:rotate-45 dark:text-slate-400">
              +
            </span>
          </summary>
          <div className="mt-3 space-y-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
