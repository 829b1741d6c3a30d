import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ALERTS_PER_HOUR, alertSettingsSchema, type AlertSettings } from '@core/contracts/alertSettings';
import { showToast } from '../../../app/toast/showToast';
import { getErrorMessage } from '../../../lib/api';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { ALERT_SETTINGS_QUERY_KEY, alertSettingsQueryOptions, saveAlertSettings } from '../api/alertSettingsApi';

/** The inputs hold text (an empty time is "no quiet hours"); the contract checks what they become. */
const formSchema = z
  .object({
    timeZone: z.string(),
    quietHoursStart: z.string(),
    quietHoursEnd: z.string(),
    maxAlertsPerHour: z.string(),
  })
  .transform((form) => ({
    timeZone: form.timeZone.trim(),
    quietHoursStart: form.quietHoursStart === '' ? null : form.quietHoursStart,
    quietHoursEnd: form.quietHoursEnd === '' ? null : form.quietHoursEnd,
    maxAlertsPerHour: Number(form.maxAlertsPerHour),
  }))
  .pipe(alertSettingsSchema);
type FormValues = z.input<typeof formSchema>;

const toForm = (s: AlertSettings): FormValues => ({
  timeZone: s.timeZone,
  quietHoursStart: s.quietHoursStart ?? '',
  quietHoursEnd: s.quietHoursEnd ?? '',
  maxAlertsPerHour: String(s.maxAlertsPerHour),
});
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Noise control: quiet hours in the user's time zone and the most alerts per hour; what falls outside comes as one digest. */
export function NoiseControlSection() {
  const settings = useQuery(alertSettingsQueryOptions());
  return (
    <section
      aria-labelledby="noise-control-heading"
      className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <div>
        <h2 id="noise-control-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Alert noise control
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Alerts that fire during your quiet hours, or past your hourly limit, are held and sent together as one digest
          (one e-mail, one short SMS).
        </p>
      </div>
      {settings.data && <NoiseControlForm settings={settings.data} />}
    </section>
  );
}

function NoiseControlForm({ settings }: { settings: AlertSettings }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, setValue, formState } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: toForm(settings),
  });
  const save = useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(ALERT_SETTINGS_QUERY_KEY, saved);
      showToast({ title: 'Noise control saved', description: 'Your quiet hours and hourly limit are saved.' });
    },
    onError: (error) => {
      showServerFieldError(error, ['timeZone', 'quietHoursStart', 'quietHoursEnd', 'maxAlertsPerHour'], setError);
      showToast({ title: 'Not saved', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit((input) => save.mutate(input))(e)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <TextField
          label="Time zone"
          hint="An IANA time zone, such as America/New_York"
          error={formState.errors.timeZone?.message}
          {...register('timeZone')}
        />
        <button
          type="button"
          className="mt-1 text-xs text-blue-600 hover:underline dark:text-blue-400"
          onClick={() => setValue('timeZone', browserZone(), { shouldDirty: true })}
        >
          Use this browser's time zone ({browserZone()})
        </button>
      </div>
      <TextField
        label="Quiet hours start"
        type="time"
        hint="Leave both empty for no quiet hours"
        error={formState.errors.quietHoursStart?.message}
        {...register('quietHoursStart')}
      />
      <TextField
        label="Quiet hours end"
        type="time"
        error={formState.errors.quietHoursEnd?.message}
        {...register('quietHoursEnd')}
      />
      <TextField
        label="Most alerts per hour"
        type="number"
        inputMode="numeric"
        min={ALERTS_PER_HOUR.min}
        max={ALERTS_PER_HOUR.max}
        hint={`${ALERTS_PER_HOUR.min}–${ALERTS_PER_HOUR.max} per channel; the rest come as one digest`}
        error={formState.errors.maxAlertsPerHour?.message}
        {...register('maxAlertsPerHour')}
      />
      <div className="flex items-end justify-end sm:col-span-2">
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save noise control
        </SubmitButton>
      </div>
    </form>
  );
}
