// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  DEFAULT_THEME,
  getThemePreference,
  initTheme,
  readStoredTheme,
  setThemePreference,
  THEME_STORAGE_KEY,
} from './themeStore';

function stubSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

let stopTheme: (() => void) | undefined;

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.classList.remove('dark');
});

afterEach(() => {
  stopTheme?.();
  stopTheme = undefined;
  vi.unstubAllGlobals();
});

describe('theme store', () => {
  it('defaults to "system" under the key "stockpulse-theme"', () => {
    expect(THEME_STORAGE_KEY).toBe('stockpulse-theme');
    expect(DEFAULT_THEME).toBe('system');
    expect(readStoredTheme()).toBe('system');
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('system');
  });

  it('stores the choice and toggles the dark class on <html>', () => {
    setThemePreference('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(getThemePreference()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    setThemePreference('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('"system" follows the operating system preference', () => {
    stubSystemDark(true);
    applyTheme('system');
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    stubSystemDark(false);
    applyTheme('system');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('initTheme applies the stored preference', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    stopTheme = initTheme();
    expect(getThemePreference()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
