import type { Knex } from 'knex';
import { adminRoleChangeSchema, adminSubscriptionChangeSchema, adminUsersQuerySchema, platformSettingInputSchema } from '../../core/contracts/admin';
import { adminActor } from '../admin/adminActor';
import { adminStats } from '../admin/adminStats';
import { createAdminUserService, listUsers } from '../admin/adminUsers';
import { listPlatformSettings, savePlatformSetting } from '../admin/platformSettings';
import { route } from '../http/routeTable';

/** The spec §7 admin calls (cancel-subscription goes through billing). Every change is audited in its own transaction. */
export function adminRoutes(db: Knex) {
  const users = createAdminUserService(db);
  return [
    route('GET', '/api/admin/stats', 'admin', async (ctx) => {
      ctx.body = await adminStats(db);
    }),
    route('GET', '/api/admin/users', 'admin', async (ctx) => {
      ctx.body = await listUsers(db, adminUsersQuerySchema.parse(ctx.query));
    }),
    route('PUT', '/api/admin/users/:id/role', 'admin', async (ctx) => {
      const { role } = adminRoleChangeSchema.parse(ctx.request.body ?? {});
      ctx.body = await users.setRole(await adminActor(db, ctx), ctx.params.id!, role);
    }),
    route('PUT', '/api/admin/users/:id/deactivate', 'admin', async (ctx) => {
      ctx.body = await users.deactivate(await adminActor(db, ctx), ctx.params.id!);
    }),
    route('PUT', '/api/admin/users/:id/subscription', 'admin', async (ctx) => {
      const { subscriptionStatus } = adminSubscriptionChangeSchema.parse(ctx.request.body ?? {});
      ctx.body = await users.setSubscriptionStatus(await adminActor(db, ctx), ctx.params.id!, subscriptionStatus);
    }),
    route('DELETE', '/api/admin/users/:id', 'admin', async (ctx) => {
      await users.deleteUser(await adminActor(db, ctx), ctx.params.id!);
      ctx.body = { deleted: ctx.params.id };
    }),
    route('GET', '/api/admin/platform-settings', 'admin', async (ctx) => {
      ctx.body = await listPlatformSettings(db);
    }),
    route('POST', '/api/admin/platform-settings', 'admin', async (ctx) => {
      const input = platformSettingInputSchema.parse(ctx.request.body ?? {});
      ctx.body = await savePlatformSetting(db, await adminActor(db, ctx), input);
    }),
  ];
}
