/** A tiny toast store: one toast at a time, a new one replaces the old. */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  id: string;
  open: boolean;
}

export const TOAST_DURATION_MS = 5_000;
/** A dismissed toast stays in memory briefly so it can animate out. */
export const TOAST_REMOVE_DELAY_MS = 1_000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 0;
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function scheduleRemoval(id: string): void {
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Shows a toast, replacing any current one; it dismisses itself after TOAST_DURATION_MS. */
export function showToast(input: ToastInput): string {
  for (const old of toasts) clearTimer(old.id);
  nextId += 1;
  const id = String(nextId);
  setToasts([{ variant: 'default', ...input, id, open: true }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  return id;
}

/** Hides one toast (or all when no id is given) and removes it shortly after. */
export function dismissToast(id?: string): void {
  const targets = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (targets.length === 0) return;
  const ids = new Set(targets.map((t) => t.id));
  setToasts(toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)));
  for (const target of targets) scheduleRemoval(target.id);
}

/** Test helper: forget every toast and timer. */
export function resetToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  setToasts([]);
}
