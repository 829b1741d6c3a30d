import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { formerSymbolsQuery, useSaveFormerSymbols } from '../api/adminApi';
import { formerSymbolsToText, textToFormerSymbols } from './formerSymbolsText';

/** Former symbols and renames (FB → META): a former symbol counts for its successor in ticker extraction. Saved as a whole list. */
export function FormerSymbolsEditor() {
  const id = useId();
  const { data } = useQuery(formerSymbolsQuery());
  const save = useSaveFormerSymbols();
  const storedText = formerSymbolsToText(data?.renames ?? []);
  const [text, setText] = useState(storedText);
  const [shownStored, setShownStored] = useState(storedText);
  if (shownStored !== storedText) {
    setShownStored(storedText);
    setText(storedText);
  }

  return (
    <Card className="p-4">
      <label htmlFor={id} className="block font-semibold text-slate-900 dark:text-white">
        Former symbols
      </label>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        One per line: <code>OLD, NEW, date, note</code> (<code>-</code> for a delisting with no successor). A post's <code>$FB</code> counts for META. The daily universe refresh adds the symbol changes it detects. Workers pick up changes within a minute.
      </p>
      <textarea
        id={id}
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button size="sm" disabled={text === storedText || save.isPending} onClick={() => save.mutate(textToFormerSymbols(text))}>
          Save Former Symbols
        </Button>
        <span className="text-xs text-slate-500">{data ? `${data.renames.length} former symbols saved` : ''}</span>
      </div>
    </Card>
  );
}
