import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, showToast, subscribeToToasts, type Toast, type ToastInput } from './toastStore';

export interface UseToastResult {
  toasts: readonly Toast[];
  toast: (input: ToastInput) => string;
  dismiss: (id?: string) => void;
}

export function useToast(): UseToastResult {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return { toasts, toast: showToast, dismiss: dismissToast };
}
