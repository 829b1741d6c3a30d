import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/queryClient';
import { Toaster } from '../../../app/toast/Toaster';
import { jsonResponse, textResponse, type RecordedRequest } from '../../../testing/mockFetch';

/** Renders one admin component with a fresh query client (the app's defaults) and the toaster. */
export function renderAdmin(ui: ReactElement) {
  const queryClient = createQueryClient();
  return render(
    <AppProviders queryClient={queryClient}>
      {ui}
      <Toaster />
    </AppProviders>,
  );
}

/** A JSON body, a Response, or a function of the request giving either. */
export type AdminHandler = unknown | ((request: RecordedRequest) => unknown);

/** Stubs fetch by "METHOD /path" (query string ignored; handlers see the full url). Unknown routes answer 404. */
export function stubAdminApi(routes: Record<string, AdminHandler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request: RecordedRequest = { method, url, init, body };
      requests.push(request);
      const key = `${method} ${url.split('?')[0]}`;
      if (!(key in routes)) return textResponse('Not Found', 404, 'Not Found');
      const handler = routes[key];
      const result = typeof handler === 'function' ? await (handler as (r: RecordedRequest) => unknown)(request) : handler;
      return result instanceof Response ? result.clone() : jsonResponse(result);
    }),
  );
  return requests;
}

export const queryOf = (request: RecordedRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
