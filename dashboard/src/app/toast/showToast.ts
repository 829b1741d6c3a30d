import { toast } from 'sonner';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5_000;

/**
 * Shows a toast through sonner, replacing any current one (one toast at a time); `destructive` shows it as an error.
 * It dismisses itself after TOAST_DURATION_MS (set on the Toaster).
 */
export function showToast({ title, description, variant = 'default' }: ToastInput): string | number {
  toast.dismiss();
  return variant === 'destructive' ? toast.error(title, { description }) : toast.message(title, { description });
}
