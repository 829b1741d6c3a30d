import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useId, useMemo, useState } from 'react';
import { formatCount } from '../../lib/format';
import { MAX_PICKER_OPTIONS, stockIndex, type PickerStock } from './stockSearch';

interface StockPickerProps {
  stocks: readonly PickerStock[];
  value: PickerStock | null;
  onChange: (stock: PickerStock | null) => void;
  loading?: boolean;
}

const label = (s: PickerStock | null) => (s ? `${s.ticker} · ${s.name}` : '');

/**
 * Searchable stock picker (Headless UI Combobox: arrow keys, Enter, Escape, screen-reader roles). Type a ticker or a
 * company name; the best matches are listed, capped so that rendering stays fast on the whole ticker universe.
 */
export function StockPicker({ stocks, value, onChange, loading }: StockPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const index = useMemo(() => stockIndex(stocks), [stocks]);
  const matches = useMemo(() => index.search(query), [index, query]);

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        Stock
      </label>
      <Combobox value={value} onChange={onChange} onClose={() => setQuery('')} by="id">
        <div className="relative">
          <ComboboxInput
            id={id}
            data-autofocus
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            placeholder={loading ? 'Loading stocks…' : 'Search by ticker or company name'}
            displayValue={label}
            onChange={(event) => setQuery(event.target.value)}
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 max-h-64 w-(--input-width) overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible dark:border-slate-700 dark:bg-slate-900"
          >
            {matches.map((stock) => (
              <ComboboxOption
                key={stock.id}
                value={stock}
                className="flex cursor-pointer gap-2 px-3 py-2 text-slate-900 data-focus:bg-blue-600 data-focus:text-white dark:text-slate-100"
              >
                <span className="w-16 shrink-0 font-semibold">{stock.ticker}</span>
                <span className="sr-only"> · </span>
                <span className="truncate">{stock.name}</span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <p id={`${id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
        {query.trim() && matches.length === 0
          ? 'No stock matches. Try a ticker such as AAPL or a company name.'
          : `Type to search ${formatCount(stocks.length)} stocks; the best ${MAX_PICKER_OPTIONS} matches are listed.`}
      </p>
    </div>
  );
}
