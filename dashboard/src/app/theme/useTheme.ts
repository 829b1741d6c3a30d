import { useSyncExternalStore } from 'react';
import {
  DEFAULT_THEME,
  getThemePreference,
  setThemePreference,
  subscribeToTheme,
  type ThemePreference,
} from './themeStore';

/**
 * The pre-rendered HTML cannot know the stored preference: hydration starts from the default, then React re-renders
 * with the stored one (no hydration mismatch).
 */
const serverTheme = () => DEFAULT_THEME;

export function useTheme(): { theme: ThemePreference; setTheme: (theme: ThemePreference) => void } {
  const theme = useSyncExternalStore(subscribeToTheme, getThemePreference, serverTheme);
  return { theme, setTheme: setThemePreference };
}
