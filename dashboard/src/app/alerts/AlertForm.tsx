import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type ControllerRenderProps } from 'react-hook-form';
import { alertWindowOptions, SPIKE_FACTOR } from '@core/contracts/alerts';
import { showServerFieldError } from '../../lib/serverFieldError';
import { Button } from '../../ui/Button';
import { SubmitButton } from '../../ui/SubmitButton';
import { SelectField } from '../../ui/SelectField';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { useCurrentUser } from '../session/useCurrentUser';
import { showToast } from '../toast/showToast';
import {
  alertFormDefaults,
  alertFormSchema,
  alertKindOptions,
  trendScopeOptions,
  type AlertFormValues,
} from './alertForm';
import { createAlertMutationOptions } from './alertsApi';
import { alertFailed, alertSucceeded } from './alertToasts';

export type StockFieldProps = ControllerRenderProps<AlertFormValues, 'stockId'>;

interface AlertFormProps {
  /** The stock the form starts with (null: none chosen yet). */
  stockId: number | null;
  /** The stock field: the read-only symbol of Set Stock Alert, or the /alerts page's picker. */
  renderStock: (field: StockFieldProps) => ReactNode;
  /** Set Stock Alert opens on the threshold, the stock being chosen already. */
  autoFocusThreshold?: boolean;
  onClose: () => void;
}

/**
 * The alert form of both alert dialogs: the kind (a mention threshold by default), stock, the kind's fields — mention
 * threshold (hint "Alert when mentions exceed this number"), spike factor and minimum mentions, or the new-trend scope —
 * the mention window, and the e-mail and SMS switches; SMS can only be switched on with a phone number in the profile.
 * On success it toasts, resets to the defaults and closes.
 */
export function AlertForm({ stockId, renderStock, autoFocusThreshold = false, onClose }: AlertFormProps) {
  const { user } = useCurrentUser();
  const hasPhoneNumber = Boolean(user?.phoneNumber);
  const { control, register, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(alertFormSchema),
    defaultValues: alertFormDefaults(stockId),
  });
  const [kind, trendScope] = useWatch({ control, name: ['kind', 'trendScope'] });
  const createAlert = useMutation({
    ...createAlertMutationOptions(useQueryClient()),
    onSuccess: () => {
      alertSucceeded('Alert created successfully');
      reset();
      onClose();
    },
    onError: (error) => {
      showServerFieldError(
        error,
        ['mentionThreshold', 'spikeFactor', 'minMentions', 'trendScope', 'windowMinutes'],
        setError,
      );
      alertFailed('Failed to create alert')(error);
    },
  });

  const onSubmit = handleSubmit(
    (input) => createAlert.mutate(input),
    (errors) => {
      if (errors.stockId) showToast({ title: 'Error', description: 'Stock ID is required', variant: 'destructive' });
    },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <SelectField label="Alert me when" options={alertKindOptions} {...register('kind')} />
      {kind === 'new_trend' && (
        <SelectField
          label="Watch"
          options={trendScopeOptions}
          hint="Alert when one of these stocks enters the trending stocks"
          {...register('trendScope')}
        />
      )}
      {(kind !== 'new_trend' || trendScope === 'stock') && (
        <Controller control={control} name="stockId" render={({ field }) => <>{renderStock(field)}</>} />
      )}
      {kind === 'threshold' && (
        <TextField
          label="Mention threshold"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          data-autofocus={autoFocusThreshold || undefined}
          hint="Alert when mentions exceed this number"
          error={formState.errors.mentionThreshold?.message}
          {...register('mentionThreshold')}
        />
      )}
      {kind === 'spike' && (
        <TextField
          label="Spike factor"
          type="number"
          inputMode="decimal"
          min={SPIKE_FACTOR.min}
          max={SPIKE_FACTOR.max}
          step={0.5}
          hint={`Alert when mentions reach this many times the stock's usual for this time of day (${SPIKE_FACTOR.min}–${SPIKE_FACTOR.max})`}
          error={formState.errors.spikeFactor?.message}
          {...register('spikeFactor')}
        />
      )}
      {(kind === 'spike' || kind === 'sentiment_flip') && (
        <TextField
          label="Minimum mentions"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={
            kind === 'spike'
              ? 'Never alert on fewer mentions than this'
              : 'Read the majority only from at least this many mentions'
          }
          error={formState.errors.minMentions?.message}
          {...register('minMentions')}
        />
      )}
      {kind !== 'new_trend' && (
        <SelectField
          label="Mention window"
          options={alertWindowOptions}
          hint="Mentions are counted over this trailing window"
          {...register('windowMinutes')}
        />
      )}
      <Controller
        control={control}
        name="emailEnabled"
        render={({ field }) => (
          <Switch label="Email notifications" checked={field.value} onCheckedChange={field.onChange} />
        )}
      />
      <Controller
        control={control}
        name="smsEnabled"
        render={({ field }) => (
          <Switch
            label="SMS notifications"
            description={hasPhoneNumber ? undefined : 'Add a phone number in Settings to receive SMS alerts.'}
            checked={field.value}
            disabled={!hasPhoneNumber && !field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton pending={createAlert.isPending} pendingLabel="Creating...">
          Create Alert
        </SubmitButton>
      </div>
    </form>
  );
}
