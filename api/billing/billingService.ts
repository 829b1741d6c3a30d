import type Stripe from 'stripe';
import {
  PRO_PLAN,
  type CreateSubscriptionResponse,
  type RegisterWithTrialInput,
  type SetupIntentResponse,
} from '../../core/contracts/billing';
import type { PublicUser } from '../../core/contracts/user';
import type { Database } from '../../platform/database';
import { log } from '../../platform/logger';
import { insertUser, updateUser, userByEmail, userById } from '../../warehouse/postgres/users';
import type { PasswordPool } from '../accounts/passwordPool';
import type { PasswordStrengthCheck } from '../accounts/passwordStrength';
import { toPublicUser } from '../accounts/userMapper';
import { HttpError } from '../http/httpError';
import { billingFieldsOf } from './subscriptionState';
import { DAY_MS } from '../../core/timeWindows';

/** What create-setup-intent remembers in the (anonymous) session, so register-with-trial accepts only that customer. */
export interface PendingSignup {
  email: string;
  customerId: string;
}

export const ALREADY_SUBSCRIBED = "You're already subscribed to Pro";

/** A Stripe failure as an answer the browser may see: the provider's message for card errors, a generic 502 otherwise. */
export function stripeFailure(err: unknown, action: string): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { type?: string; message?: string; code?: string };
  if (e.type === 'StripeCardError' && e.message) return new HttpError(402, e.message);
  // Logged without request details: Stripe error messages never carry the secret key.
  log.warn('stripe call failed', { action, type: e.type, code: e.code, message: e.message });
  return new HttpError(502, 'The payment provider could not be reached. Please try again.');
}

export async function callStripe<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw stripeFailure(err, action);
  }
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

/** Card sign-up with a 14-day trial, the /subscribe payment and cancellation, all through Stripe. */
/** How a card sign-up checks and hashes its password: the same strength rule and hashing pool as a plain sign-up. */
export interface SignupPasswords {
  passwords: PasswordPool;
  checkStrength: PasswordStrengthCheck;
}

export function createBillingService(
  db: Database,
  stripe: Stripe,
  proPriceId: () => Promise<string>,
  { passwords, checkStrength }: SignupPasswords,
) {
  const emailTaken = async (email: string) => Boolean(await userByEmail(db, email));

  return {
    /**
     * Step 1 → 2 of card sign-up: a customer for the e-mail (reused on a second try) and a SetupIntent to save the card.
     * The same for a free and a taken address: whether an account exists is said only by e-mail, at the last step.
     */
    async createSetupIntent(email: string, pending: PendingSignup | undefined): Promise<SetupIntentResponse> {
      const normalized = email.toLowerCase();
      const customerId =
        pending && pending.email === normalized
          ? pending.customerId
          : (
              await callStripe('customers.create', () =>
                stripe.customers.create({ email: normalized, metadata: { source: 'stockpulse-signup' } }),
              )
            ).id;
      const intent = await callStripe('setupIntents.create', () =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true },
          metadata: { purpose: 'signup-trial' },
        }),
      );
      if (!intent.client_secret) throw new HttpError(502, 'Failed to create payment setup');
      return { clientSecret: intent.client_secret, customerId };
    },

    /**
     * Step 2 → 3: creates the account (waiting for its e-mailed link, like a plain sign-up), makes the confirmed card
     * the customer's default and starts the 14-day trial subscription. The user row and the subscription commit
     * together: a Stripe failure leaves no account behind, and a failed commit cancels the subscription. For an address
     * that already has an account it creates nothing, removes the customer just made (so the card is not kept) and
     * answers `taken`; the route answers both cases alike and the owner is told by e-mail.
     */
    async registerWithTrial(
      input: RegisterWithTrialInput,
      pending: PendingSignup | undefined,
      now = new Date(),
    ): Promise<PublicUser | 'taken'> {
      const email = input.email.toLowerCase();
      if (!pending || pending.customerId !== input.customerId || pending.email !== email) {
        throw new HttpError(
          400,
          'Payment setup does not match this sign-up. Please go back and enter your card again.',
          'customerId',
        );
      }
      checkStrength(input.password, [email, email.split('@')[0]!]);
      // Hashed in both cases, so a taken address answers in the same time class as a free one.
      const passwordHash = await passwords.hash(input.password);
      const forgetCustomer = () =>
        stripe.customers.del(input.customerId).then(
          () => undefined,
          (err: unknown) =>
            log.warn('could not delete the customer of a sign-up for a taken address', {
              customerId: input.customerId,
              error: String(err),
            }),
        );
      if (await emailTaken(email)) {
        await forgetCustomer();
        return 'taken';
      }
      const priceId = await callStripe('prices.resolve', proPriceId);
      let createdSubscriptionId: string | null = null;
      try {
        return await db.transaction(async (trx) => {
          const user = await insertUser(trx, {
            email,
            password_hash: passwordHash,
            username: input.username || null,
            first_name: input.firstName || null,
            last_name: input.lastName || null,
            stripe_customer_id: input.customerId,
            subscription_status: 'trialing',
            trial_start_date: now,
            trial_end_date: new Date(now.getTime() + PRO_PLAN.signupTrialDays * DAY_MS),
            // Verified, and the sign-up finished, by the link the route sends once the account exists.
            email_verified_at: null,
            signup_pending: true,
          });
          // A confirmed SetupIntent has already attached the card to its customer; attach only when it has not.
          const paymentMethod = await callStripe('paymentMethods.retrieve', () =>
            stripe.paymentMethods.retrieve(input.paymentMethodId),
          );
          const owner =
            typeof paymentMethod.customer === 'string' ? paymentMethod.customer : (paymentMethod.customer?.id ?? null);
          if (owner && owner !== input.customerId)
            throw new HttpError(400, 'This card belongs to another customer', 'paymentMethodId');
          if (!owner) {
            await callStripe('paymentMethods.attach', () =>
              stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId }),
            );
          }
          await callStripe('customers.update', () =>
            stripe.customers.update(input.customerId, {
              invoice_settings: { default_payment_method: input.paymentMethodId },
              metadata: { userId: user.id },
            }),
          );
          const subscription = await callStripe('subscriptions.create', () =>
            stripe.subscriptions.create(
              {
                customer: input.customerId,
                items: [{ price: priceId }],
                trial_period_days: PRO_PLAN.signupTrialDays,
                default_payment_method: input.paymentMethodId,
                payment_settings: { save_default_payment_method: 'on_subscription' },
                metadata: { userId: user.id },
              },
              { idempotencyKey: `signup-trial-${user.id}` },
            ),
          );
          createdSubscriptionId = subscription.id;
          return toPublicUser(
            (await updateUser(
              trx,
              { id: user.id },
              { ...billingFieldsOf(subscription, false), updated_at: new Date() },
            ))!,
          );
        });
      } catch (err) {
        if (createdSubscriptionId) {
          const id: string = createdSubscriptionId;
          await stripe.subscriptions
            .cancel(id)
            .catch((cancelErr: unknown) =>
              log.error('could not cancel orphan subscription', { subscriptionId: id, error: String(cancelErr) }),
            );
        }
        if (isUniqueViolation(err) && (await emailTaken(email))) {
          // The address signed up a moment ago (two requests at once): taken now.
          await forgetCustomer();
          return 'taken';
        }
        if (isUniqueViolation(err)) throw new HttpError(409, 'This username is already taken', 'username');
        throw err;
      }
    },

    /** /subscribe: an incomplete subscription whose first payment the browser confirms; "already subscribed" when active. */
    async createSubscription(userId: string): Promise<CreateSubscriptionResponse> {
      const user = await userById(db, userId);
      if (!user) throw new HttpError(401, 'Unauthorized');
      if (user.subscription_status === 'active')
        return { status: 'active', message: ALREADY_SUBSCRIBED, clientSecret: null };
      if (user.subscription_status === 'trialing' && user.stripe_subscription_id) {
        // A card trial is already a subscription: a second one would bill twice.
        const ends = user.trial_end_date ? ` on ${user.trial_end_date.toISOString().slice(0, 10)}` : '';
        const message = user.cancel_at_period_end
          ? `Your trial is cancelled and ends${ends}.`
          : `Your card is on file: your trial converts to Pro at $49/month${ends} unless you cancel.`;
        return { status: 'trialing', message, clientSecret: null };
      }
      let customerId = user.stripe_customer_id;
      if (!customerId) {
        const customer = await callStripe('customers.create', () =>
          stripe.customers.create({ email: user.email, metadata: { userId: user.id } }),
        );
        customerId = customer.id;
        await updateUser(db, { id: user.id }, { stripe_customer_id: customerId, updated_at: new Date() });
      }
      const priceId = await callStripe('prices.resolve', proPriceId);
      const customer = customerId;
      const subscription = await callStripe('subscriptions.create', () =>
        stripe.subscriptions.create({
          customer,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments.data.payment.payment_intent'],
          metadata: { userId: user.id },
        }),
      );
      const clientSecret = firstPaymentClientSecret(subscription);
      if (!clientSecret) throw new HttpError(502, 'No client secret received from server');
      // The status itself changes only when Stripe reports the payment (webhook).
      await updateUser(db, { id: user.id }, { stripe_subscription_id: subscription.id, updated_at: new Date() });
      return { status: 'requires_payment', message: 'Complete your payment to activate Pro.', clientSecret };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;

/** The client secret of the first invoice's payment: the invoice's confirmation secret, else its payment intent's. */
function firstPaymentClientSecret(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  if (invoice.confirmation_secret?.client_secret) return invoice.confirmation_secret.client_secret;
  const intent = invoice.payments?.data?.[0]?.payment?.payment_intent;
  return intent && typeof intent !== 'string' ? intent.client_secret : null;
}
