import { cn } from '../../lib/cn';

/** Nav bar button styling; the active route is highlighted (NavLink also sets aria-current="page"). */
export function navLinkClasses({ isActive }: { isActive: boolean }): string {
  return cn(
    'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
    isActive
      ? 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );
}
