import { newsletterSignupResponseSchema, newsletterSignupSchema } from '../../core/contracts/newsletter';
import type { Database } from '../../platform/database';
import { subscribeToNewsletter } from '../../warehouse/postgres/newsletterSubscribers';
import { route } from '../http/routeTable';

/**
 * The blog's newsletter box: stores the address once (case-insensitive). A new and an already subscribed address get
 * the same answer, so the box cannot be used to learn who subscribed.
 */
export function newsletterRoutes(db: Database) {
  return [
    route(
      'POST',
      '/api/newsletter',
      'public',
      async (ctx, { body: { email } }) => {
        await subscribeToNewsletter(db, email);
        ctx.status = 200;
        ctx.body = { subscribed: true };
      },
      {
        summary: 'Subscribe to the newsletter (the same answer for a new and an already subscribed address)',
        body: newsletterSignupSchema,
        responses: {
          200: { description: 'Subscribed (or already subscribed)', schema: newsletterSignupResponseSchema },
        },
      },
    ),
  ];
}
