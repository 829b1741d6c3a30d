import { useState } from 'react';
import type { PublicUser, Role } from '@core/contracts/user';
import { Button } from '../../../ui/Button';
import {
  cancelSubscriptionMutationOptions,
  changeRoleMutationOptions,
  changeSubscriptionMutationOptions,
  deactivateUserMutationOptions,
  deleteUserMutationOptions,
  extendTrialMutationOptions,
  TRIAL_EXTENSION_DAYS,
  type AdminSettableStatus,
} from '../api/adminApi';
import { ConfirmDialog } from './ConfirmDialog';
import { SelectField } from './SelectField';
import { useAdminAction } from './useAdminAction';

const roleOptions: Array<{ value: Role; label: string }> = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];
/** The statuses an admin may set. */
const statusOptions: Array<{ value: AdminSettableStatus; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'trial', label: 'Trial' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
  { value: 'none', label: 'None' },
];

type Confirming = 'delete' | 'cancel' | null;

/** A user row's actions with their visibility rules and confirmations. */
export function UserRowActions({ user }: { user: PublicUser }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const changeRole = useAdminAction(
    changeRoleMutationOptions,
    (_, { user, role }) => ({
      title: 'Role updated',
      description: `${user.email} is now ${role === 'admin' ? 'an admin' : 'a user'}.`,
    }),
    'Failed to update role',
  );
  const changeSubscription = useAdminAction(
    changeSubscriptionMutationOptions,
    (_, { user, subscriptionStatus }) => ({
      title: 'Subscription updated',
      description: `${user.email}: ${subscriptionStatus}.`,
    }),
    'Failed to update subscription',
  );
  const deactivate = useAdminAction(
    deactivateUserMutationOptions,
    (_, user) => ({ title: 'User deactivated', description: `${user.email} can no longer sign in.` }),
    'Failed to deactivate user',
  );
  const remove = useAdminAction(
    deleteUserMutationOptions,
    (_, user) => ({ title: 'User deleted', description: `${user.email} was deleted permanently.` }),
    'Failed to delete user',
  );
  const cancel = useAdminAction(
    cancelSubscriptionMutationOptions,
    (_, user) => ({
      title: 'Subscription cancelled',
      description: `${user.email} keeps access until the billing period ends.`,
    }),
    'Failed to cancel subscription',
  );
  const extendTrial = useAdminAction(
    extendTrialMutationOptions,
    (_, user) => ({
      title: 'Trial extended',
      description: `${user.email} has ${TRIAL_EXTENSION_DAYS} more days of trial.`,
    }),
    'Failed to extend trial',
  );
  const who = user.email;
  // The server extends only card-free trials (a card trial is billed by Stripe), expired ones included.
  const canExtendTrial =
    ['trialing', 'trial', 'expired'].includes(user.subscriptionStatus) && !user.stripeSubscriptionId;

  // A stored status outside the settable five (trialing, inactive) is shown as itself until the admin picks one.
  const settable = statusOptions.some((o) => o.value === user.subscriptionStatus);
  const currentStatus = user.subscriptionStatus as AdminSettableStatus;
  const currentStatusOptions = settable
    ? statusOptions
    : [{ value: currentStatus, label: user.subscriptionStatus }, ...statusOptions];

  return (
    <div className="flex flex-wrap items-end justify-end gap-2 md:flex-nowrap md:justify-start">
      <SelectField
        label={`Role of ${who}`}
        hideLabel
        value={user.role}
        options={roleOptions}
        disabled={changeRole.isPending}
        onChange={(role) => changeRole.mutate({ user, role })}
      />
      <SelectField
        label={`Subscription of ${who}`}
        hideLabel
        value={currentStatus}
        options={currentStatusOptions}
        disabled={changeSubscription.isPending}
        onChange={(subscriptionStatus) => changeSubscription.mutate({ user, subscriptionStatus })}
      />
      {user.isActive && (
        <Button
          variant="outline"
          size="sm"
          disabled={deactivate.isPending}
          onClick={() => deactivate.mutate(user)}
          aria-label={`Deactivate ${who}`}
        >
          Deactivate
        </Button>
      )}
      <Button variant="destructive" size="sm" onClick={() => setConfirming('delete')} aria-label={`Delete ${who}`}>
        Delete
      </Button>
      {canExtendTrial && (
        <Button
          variant="outline"
          size="sm"
          disabled={extendTrial.isPending}
          onClick={() => extendTrial.mutate(user)}
          aria-label={`+${TRIAL_EXTENSION_DAYS} days trial for ${who}`}
        >
          +{TRIAL_EXTENSION_DAYS} days trial
        </Button>
      )}
      {user.subscriptionStatus === 'active' && user.stripeSubscriptionId && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setConfirming('cancel')}
          aria-label={`Cancel subscription of ${who}`}
        >
          Cancel Sub
        </Button>
      )}

      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete user"
        message={`Are you sure you want to permanently delete ${who}? This action cannot be undone.`}
        confirmLabel="Delete permanently"
        pending={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove.mutate(user, { onSettled: () => setConfirming(null) })}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel subscription"
        message={`Are you sure you want to cancel the subscription of ${who}? Their access remains until the end of the current billing period.`}
        confirmLabel="Cancel subscription"
        pending={cancel.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => cancel.mutate(user, { onSettled: () => setConfirming(null) })}
      />
    </div>
  );
}
