import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { outboxPageSchema } from '@core/contracts/alerts';
import { apiRequestJson } from '../../../lib/api';

export const OUTBOX_PAGE_SIZE = 20;
export const outboxUrl = (page: number) => `/api/admin/outbox?page=${page}&limit=${OUTBOX_PAGE_SIZE}`;

/** GET /api/admin/outbox, one page at a time; refreshed every 15 s so new captures show up. */
export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/outbox', page],
    queryFn: () => apiRequestJson('GET', outboxUrl(page), outboxPageSchema),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
