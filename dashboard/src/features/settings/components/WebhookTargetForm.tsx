import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { webhookFormats, webhookTargetInputSchema, type WebhookFormat } from '@core/contracts/webhooks';
import { showToast } from '../../../app/toast/showToast';
import { getErrorMessage } from '../../../lib/api';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { SubmitButton } from '../../../ui/SubmitButton';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { addWebhookMutationOptions } from '../api/webhooksApi';

const formatLabels: Record<WebhookFormat, string> = {
  json: 'JSON (signed)',
  slack: 'Slack incoming webhook',
  discord: 'Discord webhook',
};

/**
 * Adds a webhook target: the URL and the body's format, checked by the contract before sending; the server's refusal
 * (not https, a private address, a duplicate, the limit) shows under the field it names. The format stays for the next.
 */
export function WebhookTargetForm() {
  const { register, handleSubmit, setError, resetField, formState } = useForm({
    resolver: zodResolver(webhookTargetInputSchema),
    defaultValues: { url: '', format: 'json' },
  });
  const add = useMutation({
    ...addWebhookMutationOptions(useQueryClient()),
    onSuccess: () => resetField('url'),
    onError: (error) => {
      if (!showServerFieldError(error, ['url', 'format'], setError))
        showToast({ title: 'Webhook not added', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
  return (
    <form
      className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      onSubmit={(e) => void handleSubmit((input) => add.mutate(input))(e)}
      noValidate
    >
      <TextField
        label="Webhook URL"
        type="url"
        placeholder="https://hooks.example.com/stockpulse"
        error={formState.errors.url?.message}
        {...register('url')}
      />
      <SelectField
        label="Format"
        options={webhookFormats.map((f) => ({ value: f, label: formatLabels[f] }))}
        {...register('format')}
      />
      <SubmitButton className="sm:mt-7" pending={add.isPending} pendingLabel="Adding...">
        Add webhook
      </SubmitButton>
    </form>
  );
}
