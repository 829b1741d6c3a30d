// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

describe('createQueryClient', () => {
  it('uses the polling defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(30_000);
    expect(queries?.retry).toBe(1);
    expect(queries?.retryDelay).toBe(500);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    // No default query function: every query names its URL and the contract its answer is parsed with.
    expect(queries?.queryFn).toBeUndefined();
    expect(mutations?.retry).toBe(false);
  });

  it('gives each call its own cache', () => {
    expect(createQueryClient().getQueryCache()).not.toBe(createQueryClient().getQueryCache());
  });
});
