import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminSubscriptionFilter } from '@core/contracts/admin';
import type { Role } from '@core/contracts/user';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/TextField';
import { adminUsersQuery, type UserFilters } from '../api/adminApi';
import { SelectField } from './SelectField';
import { UsersTable } from './UsersTable';

const SEARCH_DEBOUNCE_MS = 300;

const subscriptionOptions: Array<{ value: 'all' | AdminSubscriptionFilter; label: string }> = [
  { value: 'all', label: 'All subscriptions' },
  { value: 'active', label: 'Active' },
  { value: 'trial', label: 'Trial' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
  { value: 'none', label: 'None' },
];
const roleOptions: Array<{ value: 'all' | Role; label: string }> = [
  { value: 'all', label: 'All roles' },
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

interface UserManagementProps {
  filters: UserFilters;
  onFiltersChange: (filters: UserFilters) => void;
}

/** User Management: search, subscription and role filters, the users table, pagination by 50. */
export function UserManagement({ filters, onFiltersChange }: UserManagementProps) {
  const [searchText, setSearchText] = useState(filters.search);
  const { data, isLoading, isError, error } = useQuery(adminUsersQuery(filters));

  // The search box filters after a short pause in typing; a new search starts at page 1.
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => onFiltersChange({ ...filters, search: searchText, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters, onFiltersChange]);

  // A search set from elsewhere (the Subscriptions quick actions reset it) shows in the box too.
  const [appliedSearch, setAppliedSearch] = useState(filters.search);
  if (appliedSearch !== filters.search) {
    setAppliedSearch(filters.search);
    setSearchText(filters.search);
  }

  const totalPages = data?.totalPages ?? 1;
  const setPage = (page: number) => onFiltersChange({ ...filters, page });

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Search users"
          type="search"
          placeholder="Search by name, username or email"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          className="flex-1"
        />
        <SelectField
          label="Subscription"
          value={filters.subscriptionStatus}
          options={subscriptionOptions}
          onChange={(subscriptionStatus) => onFiltersChange({ ...filters, subscriptionStatus, page: 1 })}
        />
        <SelectField
          label="Role"
          value={filters.role}
          options={roleOptions}
          onChange={(role) => onFiltersChange({ ...filters, role, page: 1 })}
        />
      </div>

      <div className="mt-4">
        {isLoading ? (
          <p className="py-8 text-center text-slate-600 dark:text-slate-400">Loading users...</p>
        ) : isError ? (
          <p role="alert" className="py-8 text-center text-red-600">
            Could not load users: {error.message}
          </p>
        ) : !data || data.users.length === 0 ? (
          <p className="py-8 text-center text-slate-600 dark:text-slate-400">No users found</p>
        ) : (
          <UsersTable users={data.users} />
        )}
      </div>

      <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => setPage(filters.page - 1)}>
          Previous
        </Button>
        {totalPages > 1 && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Page {filters.page} of {totalPages}
          </span>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={filters.page >= totalPages}
          onClick={() => setPage(filters.page + 1)}
        >
          Next
        </Button>
      </nav>
    </Card>
  );
}
