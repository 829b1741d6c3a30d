import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { PublicUser, SubscriptionStatus } from '@core/contracts/user';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import { formatDate } from '../../../lib/format';
import { responsiveTable } from '../../../ui/responsiveTable';
import { UserRowActions } from './UserRowActions';

/** Payment customer and subscription ids (and user ids) show their first 8 characters. */
const truncateId = (id: string | null | undefined) => (id ? id.slice(0, 8) : null);

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, PublicUser>();

/** Subscription badge styling: active default, trial secondary, cancelled destructive, others outline. */
export function subscriptionBadgeVariant(status: SubscriptionStatus): BadgeVariant {
  if (status === 'active') return 'default';
  if (status === 'trial' || status === 'trialing') return 'secondary';
  if (status === 'cancelled') return 'destructive';
  return 'outline';
}

const displayName = (u: PublicUser) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || u.email.split('@')[0]!;

// The seven columns, at module scope so the table's models stay stable between renders.
const columns = helper.columns([
  helper.display({
    id: 'user',
    header: 'User',
    cell: ({ row }) => {
      const u = row.original;
      return (
        <div className="min-w-0 max-w-[14rem]">
          <div className="truncate font-medium text-slate-900 dark:text-white">{displayName(u)}</div>
          {u.username && <div className="text-xs text-slate-500">@{u.username}</div>}
          <div className="font-mono text-xs text-slate-500 dark:text-slate-400" title={u.id}>
            {truncateId(u.id)}
          </div>
        </div>
      );
    },
  }),
  // Whole on a desktop; on a phone it wraps at any character only when it must (never a letter per line).
  helper.accessor('email', {
    header: 'Email',
    cell: (info) => <span className="min-w-0 [overflow-wrap:anywhere] md:whitespace-nowrap">{info.getValue()}</span>,
  }),
  helper.accessor('role', {
    header: 'Role',
    cell: (info) => <Badge variant={info.getValue() === 'admin' ? 'default' : 'outline'}>{info.getValue()}</Badge>,
  }),
  helper.display({
    id: 'subscription',
    header: 'Subscription',
    cell: ({ row }) => {
      const u = row.original;
      return (
        <div className="space-y-1">
          <Badge variant={subscriptionBadgeVariant(u.subscriptionStatus)}>{u.subscriptionStatus}</Badge>
          {u.stripeCustomerId && (
            <div className="font-mono text-xs text-slate-500" title="Payment customer id">
              cus {truncateId(u.stripeCustomerId)}
            </div>
          )}
          {u.stripeSubscriptionId && (
            <div className="font-mono text-xs text-slate-500" title="Payment subscription id">
              sub {truncateId(u.stripeSubscriptionId)}
            </div>
          )}
        </div>
      );
    },
  }),
  helper.accessor('isActive', {
    header: 'Status',
    cell: (info) => (
      <Badge variant={info.getValue() ? 'success' : 'outline'}>{info.getValue() ? 'Active' : 'Inactive'}</Badge>
    ),
  }),
  helper.accessor('lastLoginAt', {
    header: 'Last Login',
    cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue()) ?? 'Never'}</span>,
  }),
  helper.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <UserRowActions user={row.original} /> }),
]);

export function UsersTable({ users }: { users: PublicUser[] }) {
  const table = useTable({ features, columns, data: users, getRowId: (u) => u.id });
  return (
    <div className={responsiveTable.wrapper}>
      <table className={responsiveTable.table}>
        <thead className={responsiveTable.thead}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={responsiveTable.th}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className={responsiveTable.tbody}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="user-row" className={responsiveTable.tr}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header)} className={responsiveTable.td}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
