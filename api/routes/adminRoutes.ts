import type { Knex } from 'knex';
import { z } from 'zod';
import {
  adminRoleChangeSchema,
  adminStatsSchema,
  adminSubscriptionChangeSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  platformSettingInputSchema,
  platformSettingSchema,
  retentionSchema,
} from '../../core/contracts/admin';
import type { Retention } from '../../platform/retention';
import { publicUserSchema } from '../../core/contracts/user';
import { adminActor } from '../admin/adminActor';
import { adminStats } from '../admin/adminStats';
import { createAdminUserService, listUsers } from '../admin/adminUsers';
import { listPlatformSettings, savePlatformSetting } from '../admin/platformSettings';
import { route } from '../http/routeTable';

/** The admin calls (cancel-subscription goes through billing). Every change is audited in its own transaction. */
const userIdParams = z.object({ id: z.string() });
const deletedUserSchema = z.object({ deleted: z.string() });
/** POST /api/admin/users/{id}/extend-trial: whole days added to a card-free trial. */
const extendTrialSchema = z.object({
  days: z
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(90, 'days must be at most 90'),
});

export function adminRoutes(db: Knex, events: { onSourceListsChanged: () => void }, retention: Retention) {
  const users = createAdminUserService(db);
  return [
    route(
      'GET',
      '/api/admin/stats',
      'admin',
      async (ctx) => {
        ctx.body = await adminStats(db);
      },
      { summary: 'Business figures', responses: { 200: { description: 'Stats', schema: adminStatsSchema } } },
    ),
    route(
      'GET',
      '/api/admin/retention',
      'admin',
      async (ctx) => {
        ctx.body = retentionSchema.parse(retention);
      },
      {
        summary: 'Days each kind of stored data is kept (set by configuration)',
        responses: { 200: { description: 'Retention', schema: retentionSchema } },
      },
    ),
    route(
      'GET',
      '/api/admin/users',
      'admin',
      async (ctx, { query }) => {
        ctx.body = await listUsers(db, query);
      },
      {
        summary: 'Users, filtered and paged (50 per page)',
        query: adminUsersQuerySchema,
        responses: { 200: { description: 'One page of users', schema: adminUsersResponseSchema } },
      },
    ),
    route(
      'PUT',
      '/api/admin/users/:id/role',
      'admin',
      async (ctx, { params, body: { role }, user }) => {
        ctx.body = await users.setRole(await adminActor(db, user), params.id, role);
      },
      {
        summary: "Change a user's role",
        params: userIdParams,
        body: adminRoleChangeSchema,
        responses: { 200: { description: 'The updated user', schema: publicUserSchema } },
        errors: [404, 409],
      },
    ),
    route(
      'PUT',
      '/api/admin/users/:id/deactivate',
      'admin',
      async (ctx, { params, user }) => {
        ctx.body = await users.deactivate(await adminActor(db, user), params.id);
      },
      {
        summary: 'Deactivate a user (ends their sessions)',
        params: userIdParams,
        responses: { 200: { description: 'The updated user', schema: publicUserSchema } },
        errors: [404, 409],
      },
    ),
    route(
      'PUT',
      '/api/admin/users/:id/subscription',
      'admin',
      async (ctx, { params, body: { subscriptionStatus }, user }) => {
        ctx.body = await users.setSubscriptionStatus(await adminActor(db, user), params.id, subscriptionStatus);
      },
      {
        summary: "Set a user's subscription status",
        params: userIdParams,
        body: adminSubscriptionChangeSchema,
        responses: { 200: { description: 'The updated user', schema: publicUserSchema } },
        errors: [404],
      },
    ),
    route(
      'POST',
      '/api/admin/users/:id/extend-trial',
      'admin',
      async (ctx, { params, body: { days }, user }) => {
        ctx.body = await users.extendTrial(await adminActor(db, user), params.id, days);
      },
      {
        summary: "Extend a user's card-free trial (audited)",
        params: userIdParams,
        body: extendTrialSchema,
        responses: { 200: { description: 'The updated user', schema: publicUserSchema } },
        errors: [404, 409],
      },
    ),
    route(
      'DELETE',
      '/api/admin/users/:id',
      'admin',
      async (ctx, { params, user }) => {
        await users.deleteUser(await adminActor(db, user), params.id);
        ctx.body = { deleted: ctx.params.id };
      },
      {
        summary: 'Delete a user',
        params: userIdParams,
        responses: { 200: { description: 'Deleted', schema: deletedUserSchema } },
        errors: [404, 409],
      },
    ),
    route(
      'GET',
      '/api/admin/platform-settings',
      'admin',
      async (ctx) => {
        ctx.body = await listPlatformSettings(db);
      },
      {
        summary: 'Every source list',
        responses: { 200: { description: 'Source lists', schema: z.array(platformSettingSchema) } },
      },
    ),
    route(
      'POST',
      '/api/admin/platform-settings',
      'admin',
      async (ctx, { body: input, user }) => {
        ctx.body = await savePlatformSetting(db, await adminActor(db, user), input);
        events.onSourceListsChanged();
      },
      {
        summary: 'Save one source list (trimmed, empties and duplicates dropped)',
        body: platformSettingInputSchema,
        responses: { 200: { description: 'The saved list', schema: platformSettingSchema } },
      },
    ),
  ];
}
