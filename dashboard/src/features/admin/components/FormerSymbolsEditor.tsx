import { useQuery } from '@tanstack/react-query';
import { formerSymbolsQuery, saveFormerSymbolsMutationOptions } from '../api/adminApi';
import { useAdminAction } from './useAdminAction';
import { formerSymbolsToText, textToFormerSymbols } from './formerSymbolsText';
import { StoredListEditor } from './StoredListEditor';

/** Former symbols and renames (FB → META): a former symbol counts for its successor in ticker extraction. Saved as a whole list. */
export function FormerSymbolsEditor() {
  const { data } = useQuery(formerSymbolsQuery());
  const save = useAdminAction(
    saveFormerSymbolsMutationOptions,
    'Former symbols updated',
    'Failed to update the former symbols',
  );
  return (
    <StoredListEditor
      label="Former symbols"
      description={
        <>
          One per line: <code>OLD, NEW, date, note</code> (<code>-</code> for a delisting with no successor). A
          post&apos;s <code>$FB</code> counts for META. The daily universe refresh adds the symbol changes it detects.
          Workers pick up changes within a minute.
        </>
      }
      storedText={formerSymbolsToText(data?.renames ?? [])}
      saveLabel="Save Former Symbols"
      saving={save.isPending}
      savedCaption={data ? `${data.renames.length} former symbols saved` : undefined}
      onSave={(text) => save.mutate(textToFormerSymbols(text))}
    />
  );
}
