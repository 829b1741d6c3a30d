import { useQuery } from '@tanstack/react-query';
import { ambiguousSymbolsQuery, saveAmbiguousSymbolsMutationOptions } from '../api/adminApi';
import { useAdminAction } from './useAdminAction';
import { StoredListEditor } from './StoredListEditor';

/** The symbols in the text: one per line or comma-separated, blanks dropped. */
const symbolsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Symbols that count only as $cashtags in ticker extraction: one per line, saved as a whole list. */
export function AmbiguityListEditor() {
  const { data } = useQuery(ambiguousSymbolsQuery());
  const save = useAdminAction(
    saveAmbiguousSymbolsMutationOptions,
    'Ambiguity list updated',
    'Failed to update the ambiguity list',
  );
  return (
    <StoredListEditor
      label="Ambiguous symbols"
      description="Tickers that are also common words or jargon (IT, ON, DD…) count only when written as a $cashtag. Workers pick up changes within a minute."
      storedText={(data?.symbols ?? []).join('\n')}
      saveLabel="Save Ambiguity List"
      saving={save.isPending}
      savedCaption={data ? `${data.symbols.length} symbols saved` : undefined}
      onSave={(text) => save.mutate(symbolsOf(text))}
    />
  );
}
