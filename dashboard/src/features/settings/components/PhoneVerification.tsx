import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicUser } from '@core/contracts/user';
import { sendPhoneCodeMutationOptions, verifyPhoneMutationOptions } from '../../../app/account/accountApi';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

/** Under the saved phone number: verified, or how to verify it (SMS alerts go only to a verified phone). */
export function PhoneVerification({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    ...sendPhoneCodeMutationOptions(queryClient),
    onSuccess: (message) => showToast({ title: 'Done', description: message }),
    onError: errorToast('Code not sent'),
  });
  const verify = useMutation({
    ...verifyPhoneMutationOptions(queryClient),
    onSuccess: () => showToast({ title: 'Phone verified', description: 'SMS alerts will go to this number.' }),
    onError: errorToast('Phone not verified'),
  });
  const [code, setCode] = useState('');
  if (!user.phoneNumber) return null;
  if (user.phoneVerified)
    return <p className="text-sm text-emerald-700 dark:text-emerald-400">{user.phoneNumber} is verified.</p>;
  return (
    <div className="space-y-3 rounded-md border border-amber-300 p-4 dark:border-amber-800">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {user.phoneNumber} is not verified yet: SMS alerts go only to a verified number. We text you a 6-digit code.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? 'Sending...' : 'Send Code'}
        </Button>
        <TextField
          label="Verification code"
          name="phoneCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button
          size="sm"
          disabled={verify.isPending || code.trim().length !== 6}
          onClick={() => verify.mutate({ code: code.trim() })}
        >
          Verify Phone
        </Button>
      </div>
    </div>
  );
}
