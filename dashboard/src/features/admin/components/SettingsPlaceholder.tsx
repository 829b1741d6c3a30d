import { Card } from '../../../ui/Card';

/** The admin Settings tab is a coming-soon placeholder. */
export function SettingsPlaceholder() {
  return (
    <Card className="p-8 text-center">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Admin Settings</h3>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Coming soon: system-wide settings for the admin area.</p>
    </Card>
  );
}
