import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { errorToast } from '../../../app/toast/errorToast';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { exportDataMutationOptions } from '../api/settingsApi';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SubscriptionSection } from './SubscriptionSection';

export function SecurityTab() {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const exportData = useMutation({
    ...exportDataMutationOptions(),
    onError: errorToast('Download Failed', 'Failed to download your data. Please try again.'),
  });
  const user = useSignedInUser();

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="account-status-heading"
        className="rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        <h2 id="account-status-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Account Status
        </h2>
        {user.emailVerified ? (
          <div className="mt-3 flex items-center gap-3">
            <Icon name="checkCircle" className="h-5 w-5 text-emerald-600 dark:text-emerald-400" />
            <div>
              <p className="font-medium text-slate-900 dark:text-white">Account Verified</p>
              <p className="text-sm text-slate-500 dark:text-slate-400">Your account is active and in good standing.</p>
            </div>
          </div>
        ) : (
          <p className="mt-3 text-sm text-amber-800 dark:text-amber-200">
            E-mail not verified: open the link we sent to {user.email} (or send a new one from the banner above).
          </p>
        )}
      </section>

      <ChangePasswordSection />

      <SubscriptionSection />

      <section
        aria-labelledby="data-privacy-heading"
        className="rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        <h2 id="data-privacy-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Data &amp; Privacy
        </h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Download a copy of your account data, alerts and preferences as JSON.
        </p>
        <Button variant="outline" className="mt-4" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
          <Icon name="download" />
          {exportData.isPending ? 'Preparing download...' : 'Download My Data'}
        </Button>
      </section>

      <section
        aria-labelledby="danger-zone-heading"
        className="rounded-lg border border-red-300 p-5 dark:border-red-900"
      >
        <h2 id="danger-zone-heading" className="text-base font-semibold text-red-700 dark:text-red-400">
          Danger Zone
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Deleting your account permanently removes your profile, alerts and preferences. You will be asked for your
          current password.
        </p>
        <Button variant="destructive" className="mt-4" onClick={() => setConfirmingDelete(true)}>
          <Icon name="trash" />
          Delete Account
        </Button>
        <DeleteAccountDialog open={confirmingDelete} onClose={() => setConfirmingDelete(false)} />
      </section>
    </div>
  );
}
