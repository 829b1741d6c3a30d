/**
 * Class names for a data table that becomes a stack of cards on a phone (below the md breakpoint): the header row is
 * kept for screen readers only, each row is a bordered card, and each cell is a "label: value" line whose label comes
 * from the cell's data-label attribute. From md up it is an ordinary table. One DOM for both, so tests and
 * assistive technology see the same cells.
 */
export const responsiveTable = {
  wrapper: 'md:overflow-x-auto',
  table: 'w-full text-left text-sm max-md:block',
  thead: 'border-b border-slate-200 text-slate-600 max-md:sr-only dark:border-slate-800 dark:text-slate-400',
  th: 'px-3 py-2 font-medium whitespace-nowrap',
  tbody: 'max-md:block max-md:space-y-3 md:divide-y md:divide-slate-100 md:dark:divide-slate-800',
  tr: 'max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3 max-md:dark:border-slate-800',
  td:
    'px-3 py-2 align-top max-md:flex max-md:min-w-0 max-md:items-start max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 ' +
    'max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-slate-500 ' +
    'max-md:before:content-[attr(data-label)] max-md:dark:before:text-slate-400',
} as const;
