import { loadedSonner, loadSonner, type Sonner } from './loadSonner';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5_000;

let lastId = 0;
/** The toast asked for while sonner was still loading; only the newest counts, as it would replace the others. */
let waiting: { id: string; input: ToastInput } | undefined;

function show(sonner: Sonner, id: string, { title, description, variant = 'default' }: ToastInput): void {
  sonner.toast.dismiss();
  if (variant === 'destructive') sonner.toast.error(title, { id, description });
  else sonner.toast.message(title, { id, description });
}

function showWaiting(sonner: Sonner): void {
  if (!waiting) return;
  const { id, input } = waiting;
  waiting = undefined;
  show(sonner, id, input);
}

/**
 * Shows a toast through sonner, replacing any current one (one toast at a time); `destructive` shows it as an error.
 * It dismisses itself after TOAST_DURATION_MS (set on the Toaster). Before sonner has loaded, the toast waits for it
 * and shows as soon as it arrives; its id is known at once either way.
 */
export function showToast(input: ToastInput): string {
  const id = `toast-${++lastId}`;
  const sonner = loadedSonner();
  if (sonner) {
    waiting = undefined;
    show(sonner, id, input);
  } else {
    waiting = { id, input };
    // Left waiting when the chunk fails to load: the next toast asks for it again, and replaces this one anyway.
    loadSonner().then(showWaiting, () => undefined);
  }
  return id;
}

/** Dismisses every toast, also one still waiting for sonner. */
export function dismissToasts(): void {
  waiting = undefined;
  loadedSonner()?.toast.dismiss();
}
