import { Icon, type IconName } from '../../ui/Icon';
import { THEME_PREFERENCES, type ThemePreference } from './themeStore';
import { useTheme } from './useTheme';

const themeLabels: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const themeIcons: Record<ThemePreference, IconName> = { light: 'sun', dark: 'moon', system: 'monitor' };

/** One button that cycles light → dark → system; its label says the current and the next theme. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const next = THEME_PREFERENCES[(THEME_PREFERENCES.indexOf(theme) + 1) % THEME_PREFERENCES.length] ?? 'system';

  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={`Theme: ${themeLabels[theme]}. Switch to ${themeLabels[next]} theme`}
      title={`Theme: ${themeLabels[theme]}`}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Icon name={themeIcons[theme]} className="h-5 w-5" />
    </button>
  );
}
