import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ApiKey, CreatedApiKey } from '@core/contracts/apiKeys';
import { showToast } from '../../../app/toast/showToast';
import { getErrorMessage } from '../../../lib/api';
import { formatCount, formatDateTime } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CompactTable } from '../../../ui/CompactTable';
import { TextField } from '../../../ui/TextField';
import { apiKeysQueryOptions, createApiKeyMutationOptions, revokeApiKeyMutationOptions } from '../api/apiKeysApi';

/** "Nov 24: 40 · Nov 25: 12": a key's requests per UTC day. */
const usageText = (key: ApiKey) =>
  key.usage.length === 0
    ? 'None yet'
    : key.usage
        .map(
          (d) =>
            `${new Date(`${d.day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}: ${formatCount(d.requests)}`,
        )
        .join(' · ');

/** The new key, shown this once, with a Copy button. */
function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      showToast({ title: 'API key copied', description: `"${created.name}" is on your clipboard.` });
    } catch {
      showToast({ title: 'Copy failed', description: 'Select the key and copy it yourself.', variant: 'destructive' });
    }
  }
  return (
    <div
      role="status"
      className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <p className="text-sm font-medium text-emerald-900 dark:text-emerald-100">
        Copy your new key “{created.name}” now: it will not be shown again.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="new-api-key">
          New API key
        </label>
        <input
          id="new-api-key"
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full max-w-md rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100"
        />
        <Button size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Settings → API keys: create (shown once), list with last use and requests per day, revoke. */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQueryOptions());
  const queryClient = useQueryClient();
  const create = useMutation(createApiKeyMutationOptions(queryClient));
  const revoke = useMutation(revokeApiKeyMutationOptions(queryClient));
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const list = keys.data?.keys ?? [];
  const atCap = keys.data ? list.length >= keys.data.maxKeys : false;

  function onCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
      onError: (error) =>
        showToast({ title: 'Key not created', description: getErrorMessage(error), variant: 'destructive' }),
    });
  }

  function onRevoke(key: ApiKey) {
    revoke.mutate(key.id, {
      onSuccess: () => {
        setConfirming(null);
        if (created?.id === key.id) setCreated(null);
        showToast({ title: 'API key revoked', description: `Calls with "${key.name}" are refused from now on.` });
      },
      onError: (error) =>
        showToast({ title: 'Key not revoked', description: getErrorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <Card className="mt-6 p-6" role="region" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        API keys
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Read mentions, sentiment, trends and your alert outcomes from scripts and spreadsheets with the StockPulse API.
        Send a key as <code className="font-mono text-xs">Authorization: Bearer …</code>; see the{' '}
        <Link to="/docs/api" className="font-medium text-blue-700 underline dark:text-blue-300">
          API documentation
        </Link>
        .
        {keys.data &&
          ` Each key may make ${formatCount(keys.data.limits.perMinute)} requests a minute and ${formatCount(keys.data.limits.perDay)} a day (UTC); up to ${keys.data.maxKeys} keys.`}
      </p>

      {keys.data && !keys.data.canUseKeys && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          API keys come with a trial or Pro subscription: your keys answer 402 until you{' '}
          <Link to="/subscribe" className="font-medium underline">
            subscribe
          </Link>
          .
        </p>
      )}

      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}

      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={onCreate} noValidate>
        <TextField
          label="Key name"
          hint="What the key is for, e.g. “trading bot”."
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          className="min-w-[16rem] flex-1"
        />
        <Button
          type="submit"
          disabled={create.isPending || atCap || name.trim() === '' || keys.data?.canUseKeys === false}
        >
          {create.isPending ? 'Creating...' : 'Create key'}
        </Button>
      </form>
      {atCap && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          You have {keys.data?.maxKeys} keys, the most allowed: revoke one to create another.
        </p>
      )}

      <CompactTable
        className="mt-6"
        label="API keys"
        columns={['Name', 'Key', 'Created', 'Last used', 'Today', 'Requests per day (UTC)', '']}
        headerCellClassName="pr-3 last:pr-0"
      >
        {list.map((key) => (
          <tr key={key.id}>
            <td className="py-2 pr-3 font-medium">{key.name}</td>
            <td className="whitespace-nowrap py-2 pr-3 font-mono text-xs">{key.prefix}…</td>
            <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(key.createdAt)}</td>
            <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(key.lastUsedAt) ?? 'Never'}</td>
            <td className="py-2 pr-3 tabular-nums">{formatCount(key.requestsToday)}</td>
            <td className="py-2 pr-3 text-xs text-slate-600 dark:text-slate-400">{usageText(key)}</td>
            <td className="whitespace-nowrap py-2 text-right">
              {confirming === key.id ? (
                <span className="inline-flex gap-2">
                  <Button
                    variant="destructive"
                    size="sm"
                    onClick={() => onRevoke(key)}
                    disabled={revoke.isPending}
                    aria-label={`Confirm revoking API key ${key.name}`}
                  >
                    Confirm revoke
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </span>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setConfirming(key.id)}
                  aria-label={`Revoke API key ${key.name}`}
                >
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        ))}
        {keys.data && list.length === 0 && (
          <tr>
            <td colSpan={7} className="py-3 text-slate-500 dark:text-slate-400">
              No API keys yet.
            </td>
          </tr>
        )}
      </CompactTable>
    </Card>
  );
}
