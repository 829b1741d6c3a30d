import { useId, type Ref, type InputHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Passed to the element, so a form library can register it. */
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input with an optional hint and a validation message announced to screen readers. */
export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
          'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:bg-slate-950 dark:text-slate-100',
          'disabled:cursor-not-allowed disabled:opacity-60',
          error ? 'border-red-500 dark:border-red-500' : 'border-slate-300 dark:border-slate-700',
        )}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
