import { useId, useState } from 'react';
import { normaliseSourceValues } from '@core/contracts/admin';
import { isPlatform, platformLabels } from '@core/platforms';
import { formatCount } from '../../../lib/format';
import { Button } from '../../../ui/Button';

interface SourceListEditorProps {
  platform: string;
  settingType: string;
  /** The stored list; when it changes the editor resets to it. */
  stored: string[];
  defaults: string[];
  saving: boolean;
  onSave: (values: string[]) => void;
}

const toText = (values: string[]) => values.join('\n');
const toLines = (text: string) => normaliseSourceValues(text.split('\n'));
/** Whether the text saves to a different list than the stored one: blank lines, spaces and repeats do not count. */
const savesDifferently = (text: string, stored: string[]) => toText(toLines(text)) !== toText(stored);
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * One source list, one item per line. Save is enabled only when the text would save a different list
 * than the stored one (or after Add Defaults); Add Defaults merges the defaults into the current lines, de-duplicated, and marks the editor
 * changed; the editor resets whenever the stored values change.
 */
export function SourceListEditor({ platform, settingType, stored, defaults, saving, onSave }: SourceListEditorProps) {
  const id = useId();
  const storedText = toText(stored);
  const [text, setText] = useState(storedText);
  const [changed, setChanged] = useState(false);

  // The editor resets when the stored values change (after a save, or another admin's edit).
  const [shownStored, setShownStored] = useState(storedText);
  if (shownStored !== storedText) {
    setShownStored(storedText);
    setText(storedText);
    setChanged(false);
  }

  const label = `${isPlatform(platform) ? platformLabels[platform] : capitalise(platform)} ${capitalise(settingType)}`;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        rows={6}
        onChange={(e) => {
          setText(e.target.value);
          setChanged(savesDifferently(e.target.value, stored));
        }}
        className="block w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <p className="text-xs text-slate-500">
        One per line. Blank lines and duplicates are dropped. {formatCount(stored.length)} saved.
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={!changed || saving}
          onClick={() => onSave(toLines(text))}
          aria-label={`Save ${label}`}
        >
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Add Defaults to ${label}`}
          onClick={() => {
            setText(toText(normaliseSourceValues([...text.split('\n'), ...defaults])));
            setChanged(true);
          }}
        >
          Add Defaults
        </Button>
      </div>
    </div>
  );
}
