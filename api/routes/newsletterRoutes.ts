import { newsletterSignupResponseSchema, newsletterSignupSchema } from '../../core/contracts/newsletter';
import type { Database } from '../../platform/database';
import { subscribeToNewsletter } from '../../warehouse/postgres/newsletterSubscribers';
import { route } from '../http/routeTable';

/** The blog's newsletter box: stores the address once (case-insensitive); 201 when new, 200 when already subscribed. */
export function newsletterRoutes(db: Database) {
  return [
    route('POST', '/api/newsletter', 'public', async (ctx, { body: { email } }) => {
      ctx.status = (await subscribeToNewsletter(db, email)) ? 201 : 200;
      ctx.body = { subscribed: true };
    }, { summary: 'Subscribe to the newsletter', body: newsletterSignupSchema, responses: { 201: { description: 'Subscribed', schema: newsletterSignupResponseSchema }, 200: { description: 'Already subscribed', schema: newsletterSignupResponseSchema } } }),
  ];
}
