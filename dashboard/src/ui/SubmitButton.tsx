import type { ReactNode } from 'react';
import { Button } from './Button';

interface SubmitButtonProps {
  /** While the form's request is out: the button is disabled and says what is happening. */
  pending: boolean;
  pendingLabel: string;
  className?: string;
  children: ReactNode;
}

/** A form's submit button: disabled while its request is pending, so one click sends once. */
export function SubmitButton({ pending, pendingLabel, className, children }: SubmitButtonProps) {
  return (
    <Button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
