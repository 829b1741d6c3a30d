import { z } from 'zod';
import {
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  topApiKeysSchema,
} from '../../core/contracts/apiKeys';
import type { ApiKeyService } from '../apiKeys/apiKeyService';
import { notFound } from '../http/httpError';
import { route } from '../http/routeTable';

const idParams = z.object({ id: z.string() });
const keyIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Settings → API keys (create, list with usage, revoke) and the admin's top keys. */
export function apiKeyRoutes(keys: ApiKeyService) {
  return [
    route(
      'GET',
      '/api/api-keys',
      'user',
      async (ctx, { user }) => {
        ctx.body = await keys.list(user.id);
      },
      {
        summary: 'Your live API keys with their last use and requests per day, the cap and the allowance of each key',
        responses: { 200: { description: 'Keys', schema: apiKeyListSchema } },
      },
    ),

    route(
      'POST',
      '/api/api-keys',
      'user',
      async (ctx, { user, body }) => {
        ctx.status = 201;
        ctx.body = await keys.create(user.id, body.name);
      },
      {
        summary: 'Create an API key (trial or Pro): the answer holds the key itself, shown this once',
        body: createApiKeyBodySchema,
        responses: { 201: { description: 'The new key and its secret', schema: createdApiKeySchema } },
        errors: [402, 409],
      },
    ),

    route(
      'DELETE',
      '/api/api-keys/:id',
      'user',
      async (ctx, { user, params }) => {
        const id = keyIdSchema.safeParse(params.id);
        // A path id that is not a positive integer names nothing: 404, like another user's key.
        if (!id.success) throw notFound('API key not found');
        await keys.revoke(user.id, id.data);
        ctx.body = { revoked: true };
      },
      {
        summary: 'Revoke one of your API keys: calls with it are refused from now on',
        params: idParams,
        responses: { 200: { description: 'Revoked', schema: z.object({ revoked: z.literal(true) }) } },
        errors: [404],
      },
    ),

    route(
      'GET',
      '/api/admin/api-keys',
      'admin',
      async (ctx) => {
        ctx.body = await keys.top();
      },
      {
        summary: 'The API keys with the most requests today (UTC), with their owners',
        responses: { 200: { description: 'Top keys', schema: topApiKeysSchema } },
      },
    ),
  ];
}
