import type { Context } from 'koa';
import type { z } from 'zod';
import { route, type RouteDefinition } from '../http/routeTable';
import { answerCsv, wantsCsv } from '../publicApi/csvAnswer';
import { v1Docs, V1_PATHS } from '../publicApi/publicApiEndpoints';
import type { Page, PublicApiService } from '../publicApi/publicApiService';

/** The link to the next page of a list (RFC 8288), for JSON and CSV answers alike. */
function linkNext(ctx: Context, nextCursor: string | null): void {
  if (!nextCursor) return;
  const query = new URLSearchParams(ctx.querystring);
  query.set('cursor', nextCursor);
  ctx.set('Link', `<${ctx.path}?${query.toString()}>; rel="next"`);
}

/**
 * Answers a page as JSON (its own, when the service wrote it once for every caller), or as CSV rows when asked (the
 * cursor then travels in the Link header only).
 */
function answerPage<T, P extends Page<T> & { json?: string }>(
  ctx: Context,
  page: P,
  format: 'json' | 'csv' | undefined,
  csvRow: z.ZodObject,
  filename: string,
): void {
  linkNext(ctx, page.nextCursor);
  if (wantsCsv(ctx, format)) answerCsv(ctx, csvRow, page.data, filename);
  else if (page.json !== undefined) {
    ctx.type = 'application/json';
    ctx.body = page.json;
  } else ctx.body = page;
}

/** GET /api/v1/…: the public read API, called with an API key (see api/apiKeys). Its contracts live in publicApiEndpoints.ts. */
export function publicApiRoutes(api: PublicApiService): RouteDefinition[] {
  return [
    route(
      'GET',
      V1_PATHS.stocks,
      'apiKey',
      async (ctx, { query }) => {
        answerPage(
          ctx,
          await api.stocks(query.range, query.sort, query.limit, query.cursor),
          query.format,
          v1Docs.stocks.responses[200].csvRow,
          `stocks-${query.range}`,
        );
      },
      v1Docs.stocks,
    ),

    route(
      'GET',
      V1_PATHS.stock,
      'apiKey',
      async (ctx, { params, query }) => {
        ctx.body = await api.stock(params.ticker, query.range);
      },
      v1Docs.stock,
    ),

    route(
      'GET',
      V1_PATHS.mentions,
      'apiKey',
      async (ctx, { params, query }) => {
        answerPage(
          ctx,
          { ...(await api.mentions(params.ticker, query)), interval: query.interval },
          query.format,
          v1Docs.mentions.responses[200].csvRow,
          `${params.ticker}-mentions-${query.interval}`,
        );
      },
      v1Docs.mentions,
    ),

    route(
      'GET',
      V1_PATHS.posts,
      'apiKey',
      async (ctx, { params, query }) => {
        answerPage(
          ctx,
          await api.posts(params.ticker, query.limit, query.cursor),
          query.format,
          v1Docs.posts.responses[200].csvRow,
          `${params.ticker}-posts`,
        );
      },
      v1Docs.posts,
    ),

    route(
      'GET',
      V1_PATHS.trending,
      'apiKey',
      async (ctx, { query }) => {
        const trending = await api.trending();
        if (wantsCsv(ctx, query.format))
          answerCsv(ctx, v1Docs.trending.responses[200].csvRow, trending.data, 'trending');
        else ctx.body = trending;
      },
      v1Docs.trending,
    ),

    route(
      'GET',
      V1_PATHS.outcomes,
      'apiKey',
      async (ctx, { query, caller }) => {
        answerPage(
          ctx,
          await api.outcomes(caller.userId, query.limit, query.cursor),
          query.format,
          v1Docs.outcomes.responses[200].csvRow,
          'alert-outcomes',
        );
      },
      v1Docs.outcomes,
    ),
  ];
}
