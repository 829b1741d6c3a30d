import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { usePageMeta } from '../../../app/usePageMeta';
import { ApiError } from '../../../lib/api';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { SubmitButton } from '../../../ui/SubmitButton';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { updateProfileMutationOptions } from '../api/settingsApi';
import { NoiseControlSection } from './NoiseControlSection';
import { NotificationsTab } from './NotificationsTab';
import { PROFILE_FIELDS, profileFormSchema, profileFormValuesOf } from './profileForm';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { WebhooksSection } from './WebhooksSection';
import { ApiKeysSection } from './ApiKeysSection';

type SettingsTab = 'profile' | 'notifications' | 'security';

const settingsTabs: ReadonlyArray<TabItem<SettingsTab>> = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'security', label: 'Security' },
];

/** The tab that shows a field: the notification switches, or the Profile tab's fields. */
const tabOf = (field: string): SettingsTab => (field.startsWith('notifications') ? 'notifications' : 'profile');

export function SettingsPage() {
  usePageMeta('Settings - StockPulse');
  const user = useSignedInUser();
  const [tab, setTab] = useState<SettingsTab>('profile');
  const form = useForm({ resolver: zodResolver(profileFormSchema), defaultValues: profileFormValuesOf(user) });
  const updateProfile = useMutation({
    ...updateProfileMutationOptions(useQueryClient()),
    onSuccess: () => {
      showToast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
      // A new address waits for its link: the field goes back to the current one and the pending note shows the new one.
      form.setValue('email', user.email);
      form.setValue('currentPassword', '');
    },
    onError: (error) => {
      if (showServerFieldError(error, PROFILE_FIELDS, form.setError) && error instanceof ApiError && error.field)
        setTab(tabOf(error.field));
      errorToast('Update Failed', 'Failed to update profile. Please try again.')(error);
    },
  });

  const onSubmit = form.handleSubmit(
    (payload) => updateProfile.mutate(payload),
    (errors) => setTab(tabOf(Object.keys(errors)[0] ?? 'profile')),
  );

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Manage your profile, notifications and account security." />
      <Card className="p-6">
        <FormProvider {...form}>
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Tabs label="Settings sections" tabs={settingsTabs} value={tab} onValueChange={setTab}>
              {tab === 'profile' && <ProfileTab />}
              {tab === 'notifications' && <NotificationsTab />}
              {tab === 'security' && <SecurityTab />}
            </Tabs>
            {tab !== 'security' && (
              <div className="mt-8 flex justify-end border-t border-slate-200 pt-6 dark:border-slate-800">
                <SubmitButton pending={updateProfile.isPending} pendingLabel="Saving...">
                  Save Changes
                </SubmitButton>
              </div>
            )}
          </form>
        </FormProvider>
      </Card>
      {/* Its own form, saved by its own button: a form may not sit inside the profile form. */}
      {tab === 'notifications' && (
        <Card className="mt-6 p-6">
          <NoiseControlSection />
        </Card>
      )}
      <WebhooksSection />
      <ApiKeysSection />
    </div>
  );
}
