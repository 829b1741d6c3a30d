import { useId } from 'react';
import { cn } from '../../../lib/cn';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<SelectOption<T>>;
  onChange: (value: T) => void;
  /** Hides the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A labelled native select. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hideLabel,
  disabled,
  className,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label
        htmlFor={id}
        className={cn('text-sm font-medium text-slate-700 dark:text-slate-200', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
