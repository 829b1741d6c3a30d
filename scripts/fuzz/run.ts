/**
 * npm run test:fuzz — schemathesis against /api/openapi.json on a running instance, signed in as a
 * user and as an admin, and against the public API's /api/v1/openapi.json with a trial user's API key: no 5xx,
 * every response within its documented status codes, content type and schema.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../platform/temporalCli';
import { signInOverHttp, signUpOverHttp, startProductProcess } from '../../tests/support/productProcess';
import { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../tests/support/stripeEvents';
import { ensureStripeMock, startStripeMock } from '../../tests/support/stripeMock';
import { ensureSchemathesis } from './schemathesisTool';

const checks = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
];
// Signing in, signing up, signing out and deleting the account replace or end the session the fuzzer holds,
// so the signed-in passes leave them to the anonymous pass (and the API tests).
const sessionOperationIds = ['postApiLogin', 'postApiRegister', 'postApiLogout', 'deleteApiUserAccount'];
const maxExamples = process.env.FUZZ_MAX_EXAMPLES ?? '25';

/** Sends the session through the document's two cookie security schemes, so the fuzzer knows which requests are signed in. */
function sessionAuthConfig(cookieHeader: string): string {
  const cookies = Object.fromEntries(cookieHeader.split('; ').map((pair) => pair.split('=') as [string, string]));
  return `[auth.openapi.sessionCookie]\napi_key = "${cookies['sp.sid']}"\n\n[auth.openapi.sessionSignature]\napi_key = "${cookies['sp.sid.sig']}"\n`;
}

const cli = ensureSchemathesis(console.log);
const admin = { email: 'fuzz-admin@stockpulse.test', password: 'fuzz-admin-password' };
const reportDir = path.join(projectRoot, 'data', 'fuzz-report');
// Payments on, against Stripe's official mock, so the billing calls are fuzzed for real rather than answering "unavailable".
ensureStripeMock(console.log);
const stripeMock = await startStripeMock();
const product = await startProductProcess({
  name: 'fuzz',
  logFile: path.join(reportDir, 'server.log'),
  env: {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripeMock.url,
    // The fuzzer's key makes hundreds of calls a minute: its allowance must not turn the run into 429s.
    API_REQUESTS_PER_MINUTE: '1000000',
    API_REQUESTS_PER_DAY: '100000000',
  },
});
let failed = false;
try {
  const userEmail = 'fuzz-user@stockpulse.test';
  const adminCookie = await signInOverHttp(product.baseUrl, admin.email, admin.password);
  // Signed up as a user does: the e-mailed link (read from the admin's outbox) finishes the sign-up.
  await signUpOverHttp(product.baseUrl, adminCookie, userEmail, 'fuzz-user-password');
  const userCookie = await signInOverHttp(product.baseUrl, userEmail, 'fuzz-user-password');
  // The new user is on the sign-up trial, so their key reads the public API.
  const created = await fetch(`${product.baseUrl}/api/api-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: userCookie },
    body: JSON.stringify({ name: 'fuzz' }),
  });
  if (created.status !== 201) throw new Error(`creating the API key failed: ${created.status}`);
  const apiKey = ((await created.json()) as { secret: string }).secret;
  const identities = [
    { name: 'anonymous', document: '/api/openapi.json', auth: '', signedIn: false, exclude: ['deleteApiUserAccount'] },
    {
      name: 'user',
      document: '/api/openapi.json',
      auth: sessionAuthConfig(userCookie),
      signedIn: true,
      exclude: sessionOperationIds,
    },
    {
      name: 'admin',
      document: '/api/openapi.json',
      auth: sessionAuthConfig(adminCookie),
      signedIn: true,
      exclude: sessionOperationIds,
    },
    {
      name: 'api-key',
      document: '/api/v1/openapi.json',
      auth: `[auth.openapi.apiKey]\nbearer = "${apiKey}"\n`,
      signedIn: true,
      exclude: [],
    },
  ];
  for (const identity of identities) {
    console.log(
      `\n=== schemathesis on ${identity.document} as ${identity.name} (${maxExamples} examples per operation) ===`,
    );
    const configFile = path.join(reportDir, `${identity.name}.toml`);
    fs.writeFileSync(configFile, identity.auth);
    const args = [
      '--config-file',
      configFile,
      'run',
      `${product.baseUrl}${identity.document}`,
      '--url',
      product.baseUrl,
      // ignored_auth: each signed-in operation is also sent without the cookie (or key) and must then be refused.
      '--checks',
      [...checks, ...(identity.signedIn ? ['ignored_auth'] : [])].join(','),
      '--max-examples',
      maxExamples,
      '--seed',
      '20261122',
      // One worker: CPython 3.11's ast module is not thread-safe, which hypothesis trips over with several.
      '--workers',
      '1',
      '--request-timeout',
      '30',
      '--suppress-health-check',
      'all',
      '--report',
      'junit',
      '--report-junit-path',
      path.join(reportDir, `${identity.name}.xml`),
      ...identity.exclude.flatMap((id) => ['--exclude-operation-id', id]),
    ];
    // schemathesis' own report goes to a file: its per-phase lines ("No tests were run" for a phase that had nothing
    // to do) read like a runner's summary to whoever scans CI's output. CI gets one line per identity with the counts
    // of its JUnit report, and the end of the report when something failed.
    const logFile = path.join(reportDir, `${identity.name}.log`);
    const log = fs.openSync(logFile, 'w');
    const result = spawnSync(cli, args, { stdio: ['ignore', log, log], env: { ...process.env, NO_COLOR: '1' } });
    fs.closeSync(log);
    const junit = fs.existsSync(path.join(reportDir, `${identity.name}.xml`))
      ? fs.readFileSync(path.join(reportDir, `${identity.name}.xml`), 'utf8')
      : '';
    const cases = junit.split(/<testcase\b/).slice(1);
    const bad = cases.filter((chunk) => /<(?:failure|error)\b/.test(chunk)).length;
    console.log(
      `schemathesis as ${identity.name}: ${cases.length} operations fuzzed, ${bad} failed, exit ${result.status} (report: ${path.relative(projectRoot, logFile)})`,
    );
    if (result.status !== 0) {
      failed = true;
      console.log(fs.readFileSync(logFile, 'utf8').split('\n').slice(-80).join('\n'));
    }
  }
  // Nothing the fuzzer sent as a password, nor any hash, may reach the server's log.
  const serverLog = fs.readFileSync(path.join(reportDir, 'server.log'), 'utf8');
  for (const secret of [
    'fuzz-user-password',
    admin.password,
    'scrypt$',
    TEST_SECRET_KEY,
    TEST_WEBHOOK_SECRET,
    apiKey,
  ]) {
    if (serverLog.includes(secret)) {
      console.error(`The server log contains a secret (${secret.slice(0, 6)}…).`);
      failed = true;
    }
  }
} finally {
  await product.stop();
  await stripeMock.stop();
}
console.log(
  failed ? '\nFuzzing found failures (see above).' : '\nFuzzing: no 5xx and no response outside its contract.',
);
process.exit(failed ? 1 : 0);
