import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { deleteAccountSchema } from '@core/contracts/auth';
import { CurrentPasswordField } from '../../../app/account/AccountFields';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  DELETE_ACCOUNT_PASSWORD_HINT,
  deleteAccountMutationOptions,
} from '../api/settingsApi';

/**
 * Settings → Security → Delete Account: asks for the current password, which the server checks, so a session left
 * open on another computer cannot delete the account. A <form> of its own: the dialog renders in a portal, outside the settings form.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(deleteAccountSchema), defaultValues: { currentPassword: '' } });
  const deleteAccount = useMutation({
    ...deleteAccountMutationOptions(),
    onSuccess: () => {
      // Render the landing page before forgetting the user, or the protected page's guard would
      // see "signed out" first and redirect to /auth.
      void navigate('/', { flushSync: true });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      showToast({ title: 'Account Deleted', description: 'Your account and data have been deleted.' });
    },
    onError: (error) => {
      // A wrong password shows under the field; anything else also as a toast.
      if (!showServerFieldError(error, ['currentPassword'], form.setError))
        errorToast('Deletion Failed', 'Failed to delete account. Please try again.')(error);
    },
  });

  return (
    <Dialog open={open} onClose={onClose} title="Delete your account?" description={DELETE_ACCOUNT_CONFIRMATION}>
      <FormProvider {...form}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            // React events bubble along the component tree, portals included: keep this submit from the settings form.
            event.stopPropagation();
            void form.handleSubmit((values) => deleteAccount.mutate(values))(event);
          }}
        >
          <CurrentPasswordField hint={DELETE_ACCOUNT_PASSWORD_HINT} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
