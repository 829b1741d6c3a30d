import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ambiguousSymbolsQuery, useSaveAmbiguousSymbols } from '../api/adminApi';

/** Symbols that count only as $cashtags in ticker extraction: one per line, saved as a whole list. */
export function AmbiguityListEditor() {
  const id = useId();
  const { data } = useQuery(ambiguousSymbolsQuery());
  const save = useSaveAmbiguousSymbols();
  const storedText = (data?.symbols ?? []).join('\n');
  const [text, setText] = useState(storedText);
  const [shownStored, setShownStored] = useState(storedText);
  if (shownStored !== storedText) {
    setShownStored(storedText);
    setText(storedText);
  }

  const symbols = text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return (
    <Card className="p-4">
      <label htmlFor={id} className="block font-semibold text-slate-900 dark:text-white">
        Ambiguous symbols
      </label>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        Tickers that are also common words or jargon (IT, ON, DD…) count only when written as a $cashtag. Workers pick up changes within a minute.
      </p>
      <textarea
        id={id}
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button size="sm" disabled={text === storedText || save.isPending} onClick={() => save.mutate(symbols)}>
          Save Ambiguity List
        </Button>
        <span className="text-xs text-slate-500">{data ? `${data.symbols.length} symbols saved` : ''}</span>
      </div>
    </Card>
  );
}
