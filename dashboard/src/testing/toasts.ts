import { toast, type ToastT } from 'sonner';
import { dismissToasts, type ToastVariant } from '../app/toast/showToast';

export interface ShownToast {
  title: string;
  description: string | undefined;
  variant: ToastVariant;
}

const isShown = (t: ReturnType<typeof toast.getToasts>[number]): t is ToastT => 'title' in t;

/** The toasts on screen, newest first, as the app asked for them. */
export function getToasts(): ShownToast[] {
  return toast
    .getToasts()
    .filter(isShown)
    .map((t): ShownToast => ({
      title: String(t.title),
      description: t.description === undefined ? undefined : String(t.description),
      variant: t.type === 'error' ? 'destructive' : 'default',
    }))
    .reverse();
}

/** Dismisses every toast, so a test starts with none. */
export function resetToasts(): void {
  dismissToasts();
}
