import request from 'supertest';
import { hashPassword } from '../../api/accounts/passwordHasher';
import type { TestApp } from './testApp';

/** Creates a user in the app's database, signs in, and returns the session cookie header. */
export async function signedInCookie(t: TestApp, email: string, role: 'user' | 'admin' = 'user'): Promise<string> {
  await t.database.db('users').insert({ email, password_hash: await hashPassword('test-password'), role });
  const res = await request(t.server).post('/api/login').send({ email, password: 'test-password' });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
}
