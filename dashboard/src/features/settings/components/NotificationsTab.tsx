import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { NotificationPreferences } from '@core/contracts/auth';
import { Switch } from '../../../ui/Switch';
import type { ProfileFormValues } from './profileForm';

const switches: Array<{ key: keyof NotificationPreferences; label: string; description: string }> = [
  { key: 'emailAlerts', label: 'Email alerts', description: 'Get an e-mail when a stock passes your alert threshold.' },
  {
    key: 'smsAlerts',
    label: 'SMS alerts',
    description: 'Get a text message when a stock passes your alert threshold.',
  },
  { key: 'weeklyDigest', label: 'Weekly digest', description: 'A weekly summary of the stocks you follow.' },
  { key: 'marketUpdates', label: 'Market updates', description: 'News about notable market movements.' },
  { key: 'newFeatures', label: 'New features', description: 'Hear about new StockPulse features.' },
];

/** The Notifications tab of the settings form; SMS alerts need the phone number of the Profile tab. */
export function NotificationsTab() {
  const { control, formState } = useFormContext<ProfileFormValues>();
  const hasPhoneNumber = useWatch<ProfileFormValues, 'phoneNumber'>({ name: 'phoneNumber' }).trim() !== '';
  const smsError = formState.errors.notifications?.smsAlerts?.message;
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Notification Preferences</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Choose what StockPulse sends you.</p>
      </div>
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {switches.map(({ key, label, description }) => {
          const needsPhone = key === 'smsAlerts' && !hasPhoneNumber;
          return (
            <div key={key} className="py-4 first:pt-0 last:pb-0">
              <Controller
                control={control}
                name={`notifications.${key}`}
                render={({ field }) => (
                  <Switch
                    label={label}
                    description={
                      needsPhone ? 'Add a phone number on the Profile tab to enable SMS alerts.' : description
                    }
                    checked={field.value}
                    disabled={needsPhone}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
              {key === 'smsAlerts' && smsError && (
                <p className="mt-1 text-sm font-medium text-red-600 dark:text-red-400">{smsError}</p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
