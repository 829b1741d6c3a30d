/**
 * Theme preference: light, dark or system (follow the OS), kept in localStorage.
 *
 * The specification gives two readings (default "system" under a generic key, or default "light" under
 * a product-named "-theme" key). Chosen: default "system", storage key "stockpulse-theme".
 */

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'stockpulse-theme';
export const DEFAULT_THEME: ThemePreference = 'system';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

type Listener = () => void;
const listeners = new Set<Listener>();

function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy mode): fall back to the default
  }
}

let preference: ThemePreference = typeof window === 'undefined' ? DEFAULT_THEME : readStoredTheme();

export function readStoredTheme(): ThemePreference {
  const stored = readStorage();
  return isThemePreference(stored) ? stored : DEFAULT_THEME;
}

export function getThemePreference(): ThemePreference {
  return preference;
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(pref: ThemePreference): ResolvedTheme {
  if (pref === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return pref;
}

/** Puts the `dark` class on <html> when the resolved theme is dark. */
export function applyTheme(pref: ThemePreference = preference): void {
  const root = document.documentElement;
  const resolved = resolveTheme(pref);
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

export function setThemePreference(next: ThemePreference): void {
  preference = next;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not persisted; the choice still applies to this page.
  }
  applyTheme(next);
  for (const listener of listeners) listener();
}

export function subscribeToTheme(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads the stored preference, applies it, and keeps it in step with OS changes (for "system")
 * and with other tabs. Returns a function that stops listening.
 */
export function initTheme(): () => void {
  preference = readStoredTheme();
  applyTheme(preference);

  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (preference === 'system') applyTheme(preference);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    preference = readStoredTheme();
    applyTheme(preference);
    for (const listener of listeners) listener();
  };

  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
