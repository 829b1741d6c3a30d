import { z } from 'zod';
import { API_KEY_PREFIX, DEFAULT_API_KEY_LIMITS, type ApiKeyLimits } from '../../core/contracts/apiKeys';
import type { ProblemDetails } from '../../core/contracts/errors';
import { PUBLIC_API_ENDPOINTS } from '../publicApi/publicApiEndpoints';
import type { DocumentedRoute } from './openApiDocument';
import { API_KEY_SECURITY_SCHEME, openApiPaths, problemSchema } from './openApiDocument';

export const PUBLIC_API_DOCUMENT_PATH = '/api/v1/openapi.json';

const openApiDocumentSchema = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();

/** GET /api/v1/openapi.json itself: public, so a developer can read it before having a key. */
export const publicApiDocumentEndpoint: DocumentedRoute = {
  method: 'GET',
  path: PUBLIC_API_DOCUMENT_PATH,
  access: 'public',
  doc: {
    summary: 'This OpenAPI 3.1 document (no key needed)',
    responses: { 200: { description: 'OpenAPI document', schema: openApiDocumentSchema } },
  },
};

const problemExample: ProblemDetails = {
  type: 'about:blank',
  title: 'Too Many Requests',
  status: 429,
  detail: `This key's allowance of ${DEFAULT_API_KEY_LIMITS.perMinute} requests a minute is used up: retry in 37 s`,
  instance: '/api/v1/stocks',
};

/**
 * The OpenAPI 3.1 document of the public read API (/api/v1), generated from its endpoints' zod contracts: what
 * GET /api/v1/openapi.json serves and what the /docs/api page is rendered from. `limits` are the allowance stated
 * (the configured one when served, the defaults in the pre-rendered page).
 */
export function buildPublicApiDocument(limits: ApiKeyLimits = DEFAULT_API_KEY_LIMITS, serverUrl?: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'StockPulse API',
      version: '1',
      description:
        'Read mentions, sentiment, trends and your alert outcomes from scripts and spreadsheets. ' +
        `Create a key in Settings → API keys (trial or Pro) and send it as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. ` +
        'Field names are stable within v1: fields may be added, never renamed or removed.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    paths: openApiPaths([...PUBLIC_API_ENDPOINTS, publicApiDocumentEndpoint]),
    components: {
      schemas: { Problem: problemSchema() },
      examples: { Problem: { summary: 'A 429 past the per-minute allowance', value: problemExample } },
      securitySchemes: { apiKey: API_KEY_SECURITY_SCHEME },
    },
    /** Each key's allowance: requests per minute (fixed one-minute window) and per UTC day. */
    'x-rate-limits': { perMinute: limits.perMinute, perDay: limits.perDay, dayResets: '00:00 UTC' },
  };
}
export type PublicApiDocument = ReturnType<typeof buildPublicApiDocument>;
