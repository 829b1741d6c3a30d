import { useState, type FormEvent } from 'react';
import { profileUpdateSchema, type NotificationPreferences } from '@core/contracts/auth';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { usePageMeta } from '../../../app/usePageMeta';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../../lib/fieldErrors';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { useUpdateProfileMutation } from '../api/settingsApi';
import { NotificationsTab } from './NotificationsTab';
import { profileFormValuesOf, profileUpdateOf, type ProfileFormValues } from './profileForm';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { WebhooksSection } from './WebhooksSection';

type SettingsTab = 'profile' | 'notifications' | 'security';

const settingsTabs: ReadonlyArray<TabItem<SettingsTab>> = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'security', label: 'Security' },
];

export function SettingsPage() {
  usePageMeta('Settings - StockPulse');
  const user = useSignedInUser();
  const [tab, setTab] = useState<SettingsTab>('profile');
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValuesOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const updateProfile = useUpdateProfileMutation();

  function update(next: ProfileFormValues) {
    setValues(next);
    // After a first attempt, keep the messages in step with what is typed.
    if (submitted) setErrors(fieldErrorsOf(profileUpdateSchema, profileUpdateOf(next)));
  }

  function onProfileChange(field: 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'currentPassword', value: string) {
    update({ ...values, [field]: value });
  }

  function onNotificationChange(key: keyof NotificationPreferences, value: boolean) {
    update({ ...values, notifications: { ...values.notifications, [key]: value } });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const payload = profileUpdateOf(values);
    const nextErrors = fieldErrorsOf(profileUpdateSchema, payload);
    setErrors(nextErrors);
    if (hasErrors(nextErrors)) {
      // The failing fields are all on the Profile tab.
      setTab('profile');
      return;
    }
    // A new address waits for its link: the field goes back to the current one and the pending note shows the new one.
    updateProfile.mutate(payload, { onSuccess: () => setValues((v) => ({ ...v, email: user.email, currentPassword: '' })) });
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Manage your profile, notifications and account security." />
      <Card className="p-6">
        <form onSubmit={onSubmit} noValidate>
          <Tabs label="Settings sections" tabs={settingsTabs} value={tab} onValueChange={setTab}>
            {tab === 'profile' && <ProfileTab values={values} errors={errors} onChange={onProfileChange} />}
            {tab === 'notifications' && (
              <NotificationsTab
                notifications={values.notifications}
                hasPhoneNumber={values.phoneNumber.trim() !== ''}
                onChange={onNotificationChange}
              />
            )}
            {tab === 'security' && <SecurityTab />}
          </Tabs>
          {tab !== 'security' && (
            <div className="mt-8 flex justify-end border-t border-slate-200 pt-6 dark:border-slate-800">
              <Button type="submit" disabled={updateProfile.isPending}>
                {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          )}
        </form>
      </Card>
      <WebhooksSection />
    </div>
  );
}
