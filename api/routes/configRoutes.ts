import type { Config } from '../../platform/config';
import { publicConfigSchema, type PublicConfig } from '../../core/contracts/publicConfig';
import { route } from '../http/routeTable';

export function configRoutes(config: Config, temporalUiUrl: string | null) {
  const body: PublicConfig = {
    paymentsEnabled: config.paymentsEnabled,
    stripePublishableKey: config.paymentsEnabled ? (config.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    supportEmail: config.env.SUPPORT_EMAIL,
    trialDays: { marketing: 7, signup: 14 },
    temporalUiUrl,
  };
  return [
    route(
      'GET',
      '/api/config',
      'public',
      async (ctx) => {
        ctx.body = body;
      },
      {
        summary: 'What the browser may know of the configuration',
        responses: { 200: { description: 'Public configuration', schema: publicConfigSchema } },
      },
    ),
  ];
}
