import { useSyncExternalStore } from 'react';
import { getThemePreference, setThemePreference, subscribeToTheme, type ThemePreference } from './themeStore';

export function useTheme(): { theme: ThemePreference; setTheme: (theme: ThemePreference) => void } {
  const theme = useSyncExternalStore(subscribeToTheme, getThemePreference, getThemePreference);
  return { theme, setTheme: setThemePreference };
}
