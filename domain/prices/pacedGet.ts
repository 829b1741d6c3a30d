import { createHttpClient, type HttpPolicy, type RequestContext } from '../../platform/http/httpClient';
import type { RequestPacer } from '../../platform/http/requestPacer';
import { PriceRequestBudgetExhausted } from './types';

/**
 * One paced GET of a market-data provider: a request waits for the pacer's slot (none left: the run stops filling
 * history with PriceRequestBudgetExhausted), and `missingIsEmpty` turns a 404 (a ticker the provider does not carry)
 * into null instead of failing the run.
 */
export type PacedGet = (url: URL, label: string, signal?: AbortSignal, missingIsEmpty?: boolean) => Promise<unknown>;

export function createPacedGet(options: {
  source: string;
  headers: Record<string, string>;
  http?: Partial<HttpPolicy>;
  pacer?: RequestPacer;
}): PacedGet {
  const http = createHttpClient(options.http);
  const context: RequestContext = { platform: 'prices', source: options.source };
  return async (url, label, signal, missingIsEmpty = false) => {
    if (options.pacer && !(await options.pacer.take({ signal }))) throw new PriceRequestBudgetExhausted(options.source);
    const interpretError = missingIsEmpty
      ? (r: { status: number }) => (r.status === 404 ? ({ action: 'accept' } as const) : undefined)
      : undefined;
    const response = await http.requestJson(context, { url, label, headers: options.headers, signal, interpretError });
    return response.status === 404 ? null : response.body;
  };
}
