// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi, textResponse } from '../testing/mockFetch';
import {
  ApiError,
  ContractError,
  apiRequest,
  apiRequestJson,
  apiSend,
  getErrorMessage,
  getListQueryFn,
  getQueryFn,
  isUnauthorizedError,
} from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Runs a query function the way React Query does, through a throwaway client. */
function runQuery(url: string, queryFn: ReturnType<typeof getQueryFn> | ReturnType<typeof getListQueryFn>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery({ queryKey: [url], queryFn: queryFn as never });
}

describe('apiRequest', () => {
  it('sends cookies and a JSON body with its content type', async () => {
    const requests = mockApi({ 'POST /api/login': { ok: true } });
    await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'secret1' });

    const [request] = requests;
    expect(request?.init?.credentials).toBe('include');
    expect(request?.init?.method).toBe('POST');
    expect(request?.init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(request?.init?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret1' }));
  });

  it('sends no body or content type when there is no payload', async () => {
    const requests = mockApi({ 'POST /api/logout': textResponse('', 200) });
    await apiRequest('POST', '/api/logout');

    expect(requests[0]?.init?.credentials).toBe('include');
    expect(requests[0]?.init?.body).toBeUndefined();
    expect(requests[0]?.init?.headers).toBeUndefined();
  });

  it('throws "status: text" for a failed response', async () => {
    mockApi({ 'POST /api/login': textResponse('{"message":"Invalid email or password"}', 401, 'Unauthorized') });
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow('401: {"message":"Invalid email or password"}');
  });

  it('apiSend reads the answer it does not use, so a no-store response does not stay open', async () => {
    const answer = textResponse('{"sourceListsAdded":0}', 200);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    await apiSend('POST', '/api/init-data');
    expect(answer.bodyUsed).toBe(true);
  });

  it('falls back to the status text when the body is empty', async () => {
    mockApi({ 'DELETE /api/user/account': textResponse('', 500, 'Internal Server Error') });
    await expect(apiRequest('DELETE', '/api/user/account')).rejects.toThrow('500: Internal Server Error');
  });

  it('apiRequestJson reads the JSON body with its contract, and an empty body as null', async () => {
    mockApi({ 'GET /api/a': { value: 1 }, 'POST /api/b': textResponse('', 200) });
    expect(await apiRequestJson('GET', '/api/a', z.object({ value: z.number() }))).toEqual({ value: 1 });
    expect(await apiRequestJson('POST', '/api/b', z.null())).toBeNull();
  });

  it('apiRequestJson throws a ContractError that names the call and the field when the answer drifts', async () => {
    mockApi({ 'GET /api/a': { value: '1' } });
    const answer = apiRequestJson('GET', '/api/a', z.object({ value: z.number() }));
    await expect(answer).rejects.toBeInstanceOf(ContractError);
    await expect(answer).rejects.toThrow(
      /^GET \/api\/a answered outside its contract: .*expected number.*\n.*→ at value/s,
    );
  });
});

const tickers = z.array(z.object({ ticker: z.string() }));

describe('getQueryFn', () => {
  it('GETs queryKey[0] with cookies and returns the JSON', async () => {
    const requests = mockApi({ 'GET /api/stocks': [{ ticker: 'AAPL' }] });
    const data = await runQuery('/api/stocks', getQueryFn({ on401: 'throw', schema: tickers }));

    expect(data).toEqual([{ ticker: 'AAPL' }]);
    expect(requests[0]?.url).toBe('/api/stocks');
    expect(requests[0]?.init?.credentials).toBe('include');
  });

  it('returns null on 401 with on401 "returnNull"', async () => {
    mockApi({ 'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized') });
    expect(await runQuery('/api/user', getQueryFn({ on401: 'returnNull', schema: tickers }))).toBeNull();
  });

  it('throws on 401 with on401 "throw"', async () => {
    mockApi({ 'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized') });
    await expect(runQuery('/api/user', getQueryFn({ on401: 'throw', schema: tickers }))).rejects.toThrow(
      '401: Unauthorized',
    );
  });

  it('still throws for other failures with on401 "returnNull"', async () => {
    mockApi({ 'GET /api/stocks': textResponse('boom', 500, 'Internal Server Error') });
    await expect(runQuery('/api/stocks', getQueryFn({ on401: 'returnNull', schema: tickers }))).rejects.toThrow(
      '500: boom',
    );
  });

  it('a list item outside its contract fails the query with a ContractError', async () => {
    mockApi({ 'GET /api/stocks': [{ ticker: 'AAPL' }, { ticker: 7 }] });
    await expect(runQuery('/api/stocks', getListQueryFn(z.object({ ticker: z.string() })))).rejects.toThrow(
      /GET \/api\/stocks answered outside its contract: .*→ at \[1\]\.ticker/s,
    );
  });

  it('the list form reads a 401 as an empty list', async () => {
    mockApi({ 'GET /api/alerts': textResponse('Unauthorized', 401, 'Unauthorized') });
    expect(await runQuery('/api/alerts', getListQueryFn(z.object({ id: z.number() })))).toEqual([]);
  });
});

describe('isUnauthorizedError', () => {
  it('matches a 401 that says Unauthorized only', () => {
    expect(isUnauthorizedError(new ApiError(401, '', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(401, 'Invalid credentials'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('ApiError', () => {
  it('carries the status and the field a 400 names', async () => {
    mockApi({
      'PATCH /api/user/profile': textResponse('{"message":"Username is taken","field":"username"}', 400, 'Bad Request'),
    });
    const error: unknown = await apiRequest('PATCH', '/api/user/profile', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      field: 'username',
      serverMessage: 'Username is taken',
      message: '400: {"message":"Username is taken","field":"username"}',
    });
  });

  it('has no field or server message when the body is not the error JSON', () => {
    expect(new ApiError(502, '<html>Bad gateway</html>')).toMatchObject({ field: undefined, serverMessage: undefined });
  });
});

describe('getErrorMessage', () => {
  it('shows the message of a JSON error body', () => {
    expect(getErrorMessage(new ApiError(401, '{"message":"Invalid email or password"}'))).toBe(
      'Invalid email or password',
    );
  });

  it('keeps the whole message when the body is not JSON with a message', () => {
    expect(getErrorMessage(new ApiError(500, '', 'Internal Server Error'))).toBe('500: Internal Server Error');
    expect(getErrorMessage(new ApiError(400, '{"error":"x"}'))).toBe('400: {"error":"x"}');
    expect(getErrorMessage(new Error('Card declined'))).toBe('Card declined');
  });

  it('uses the fallback when there is no message', () => {
    expect(getErrorMessage(new Error(''), 'Failed to create account')).toBe('Failed to create account');
    expect(getErrorMessage(undefined, 'Failed to create account')).toBe('Failed to create account');
  });
});
