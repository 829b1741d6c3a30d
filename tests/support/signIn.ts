import type http from 'node:http';
import request from 'supertest';
import { hashPassword } from '../../platform/passwordHasher';
import type { TestApp } from './testApp';

/** Signs in through POST /api/login and returns the session cookie header. */
export async function loginCookie(server: http.Server, email: string, password: string): Promise<string> {
  const res = await request(server).post('/api/login').send({ email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
}

/** Creates a user in the app's database (the one it was started with), signs in, and returns the session cookie header. */
export async function signedInCookie(t: TestApp, email: string, role: 'user' | 'admin' = 'user'): Promise<string> {
  await t.deps.db('users').insert({ email, password_hash: await hashPassword('test-password'), role });
  return loginCookie(t.server, email, 'test-password');
}
