import { useQuery } from '@tanstack/react-query';
import { formatCount, formatDateTime } from '../../../lib/format';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { CompactTable } from '../../../ui/CompactTable';
import { Spinner } from '../../../ui/Spinner';
import { topApiKeysQuery } from '../api/adminApi';

/** Admin → API keys: the keys that made the most requests to the public API today (UTC), with their owners. */
export function ApiKeysPanel() {
  const top = useQuery(topApiKeysQuery());
  if (top.isPending) return <Spinner className="mx-auto my-10 h-6 w-6" />;
  const keys = top.data?.keys ?? [];
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Top API keys today</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Requests to /api/v1 on {top.data?.day ?? 'today'} (UTC), busiest keys first.
      </p>
      {keys.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">No key has called the API today.</p>
      ) : (
        <CompactTable
          className="mt-4"
          label="Top API keys today"
          columns={['Key', 'Name', 'Owner', 'Requests', 'Last used', '']}
          headerCellClassName="pr-4 last:pr-0"
        >
          {keys.map((k) => (
            <tr key={k.id}>
              <td className="py-2 pr-4 font-mono text-xs">{k.prefix}…</td>
              <td className="py-2 pr-4">{k.name}</td>
              <td className="py-2 pr-4">{k.userEmail}</td>
              <td className="py-2 pr-4 tabular-nums">{formatCount(k.requests)}</td>
              <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(k.lastUsedAt) ?? 'Never'}</td>
              <td className="py-2">{k.revoked && <Badge variant="outline">revoked</Badge>}</td>
            </tr>
          ))}
        </CompactTable>
      )}
    </Card>
  );
}
