import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';

interface StoredListEditorProps {
  label: string;
  description: ReactNode;
  /** The stored list as text; the editor resets to it whenever it changes. */
  storedText: string;
  saveLabel: string;
  saving: boolean;
  /** "N … saved", shown once the list has loaded. */
  savedCaption?: string;
  onSave: (text: string) => void;
}

/** A whole admin-edited list as one textarea, saved at once; Save is enabled only when the text differs from what is stored. */
export function StoredListEditor({
  label,
  description,
  storedText,
  saveLabel,
  saving,
  savedCaption,
  onSave,
}: StoredListEditorProps) {
  const id = useId();
  const [text, setText] = useState(storedText);
  const [shownStored, setShownStored] = useState(storedText);
  if (shownStored !== storedText) {
    setShownStored(storedText);
    setText(storedText);
  }

  return (
    <Card className="p-4">
      <label htmlFor={id} className="block font-semibold text-slate-900 dark:text-white">
        {label}
      </label>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <textarea
        id={id}
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button size="sm" disabled={text === storedText || saving} onClick={() => onSave(text)}>
          {saveLabel}
        </Button>
        <span className="text-xs text-slate-500">{savedCaption ?? ''}</span>
      </div>
    </Card>
  );
}
