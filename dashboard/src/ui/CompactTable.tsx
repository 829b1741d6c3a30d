import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface CompactTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** The space after each header cell, matching the body cells' (such as "pr-4", or "pr-3 last:pr-0"). */
  headerCellClassName: string;
  /** On the scrolling wrapper (its margin). */
  className?: string;
  /** The body rows. */
  children: ReactNode;
}

/**
 * A small read-only table inside a card or section: small upper-case column heads, rows split by a rule, and a
 * horizontal scroll on narrow screens instead of squeezed columns.
 */
export function CompactTable({ label, columns, headerCellClassName, className, children }: CompactTableProps) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <th key={column} className={cn('py-2 font-medium', headerCellClassName)}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
