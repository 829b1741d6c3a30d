import request from 'supertest';
import type { PublicUser } from '../../core/contracts/user';
import type { TestApp } from './testApp';

const VERIFY_SUBJECT = 'Verify your StockPulse e-mail address';

/** The token of the newest verification link mailed to this address. */
export async function verificationToken(t: TestApp, email: string): Promise<string> {
  const mail = await t.outbox.waitFor((m) => m.to === email.toLowerCase() && m.subject === VERIFY_SUBJECT);
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

/**
 * Signs up through POST /api/register (202, the same for every address) and opens the e-mailed link with the agent,
 * which finishes the sign-up and signs that agent in, as a new user does.
 */
export async function signUpAndVerify(
  t: TestApp,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  agent = request.agent(t.server),
) {
  const res = await agent.post('/api/register').send({ email, password, confirmPassword: password, ...extra });
  if (res.status !== 202) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const verified = await agent.post('/api/verify-email').send({ token: await verificationToken(t, email) });
  if (verified.status !== 200)
    throw new Error(`verification failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  const user = (await agent.get('/api/user')).body as PublicUser;
  return { agent, email: email.toLowerCase(), user, signUp: res };
}
