import { z } from 'zod';
import type { RouteDefinition } from '../http/routeTable';
import { route } from '../http/routeTable';
import { buildOpenApiDocument } from '../openapi/openApiDocument';
import { buildPublicApiDocument, publicApiDocumentEndpoint } from '../openapi/publicApiDocument';
import type { ApiKeyLimits } from '../../core/contracts/apiKeys';

const openApiDocumentSchema = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();

/** GET /api/openapi.json: the contract of every mounted route, this one included. */
export function openApiRoutes(routes: RouteDefinition[]): RouteDefinition[] {
  const self = route(
    'GET',
    '/api/openapi.json',
    'public',
    async (ctx) => {
      ctx.body = document;
    },
    {
      summary: "The API's OpenAPI 3.1 contract",
      responses: { 200: { description: 'OpenAPI document', schema: openApiDocumentSchema } },
    },
  );
  const document = buildOpenApiDocument([...routes, self]);
  return [self];
}

/** GET /api/v1/openapi.json: the public read API's contract, with this server's allowance per key. */
export function publicApiDocumentRoutes(limits: ApiKeyLimits): RouteDefinition[] {
  const document = buildPublicApiDocument(limits);
  return [
    route(
      'GET',
      publicApiDocumentEndpoint.path,
      'public',
      async (ctx) => {
        ctx.body = document;
      },
      publicApiDocumentEndpoint.doc,
    ),
  ];
}
