import type { Knex } from 'knex';
import { newsletterSignupResponseSchema, newsletterSignupSchema } from '../../core/contracts/newsletter';
import { route } from '../http/routeTable';

/** The blog's newsletter box: stores the address once (case-insensitive); 201 when new, 200 when already subscribed. */
export function newsletterRoutes(db: Knex) {
  return [
    route('POST', '/api/newsletter', 'public', async (ctx, { body: { email } }) => {
      const inserted = await db.raw(
        `INSERT INTO newsletter_subscribers (email) VALUES (?) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [email],
      );
      ctx.status = inserted.rows.length > 0 ? 201 : 200;
      ctx.body = { subscribed: true };
    }, { summary: 'Subscribe to the newsletter', body: newsletterSignupSchema, responses: { 201: { description: 'Subscribed', schema: newsletterSignupResponseSchema }, 200: { description: 'Already subscribed', schema: newsletterSignupResponseSchema } } }),
  ];
}
