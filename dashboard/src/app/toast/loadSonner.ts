export type Sonner = typeof import('sonner');

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/**
 * sonner is loaded on demand, in its own chunk: the public pages (the landing page first) show no toast until a
 * visitor acts, and should not download it with their first JavaScript. Resolves at once when it is already loaded.
 */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A chunk that failed to load (the network dropped) is requested again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** sonner, or undefined while it has not loaded. */
export const loadedSonner = (): Sonner | undefined => sonner;

/** Calls `listener` once sonner has loaded (for useSyncExternalStore); returns the unsubscribe. */
export function subscribeToSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
