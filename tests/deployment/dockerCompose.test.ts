import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../../platform/temporalCli';

const composeFile = path.join(projectRoot, 'docker-compose.yml');
const text = fs.readFileSync(composeFile, 'utf8');
const compose = parse(text) as { services: Record<string, { environment?: Record<string, string>; ports?: string[] }> };

/** The secrets the stack cannot run safely without: the operator must choose each one. */
const SECRETS = ['SESSION_SECRET', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD', 'CLICKHOUSE_PASSWORD'];
const secretValues = {
  SESSION_SECRET: 'a-long-random-session-secret',
  ADMIN_PASSWORD: 'admin-pass-123',
  POSTGRES_PASSWORD: 'pgpass123',
  CLICKHOUSE_PASSWORD: 'chpass123',
};

/** `docker compose` or `docker-compose`, whichever this machine has (CI installs one; a developer may have neither). */
function composeCli(): string[] | null {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version']).status === 0) return ['docker-compose'];
  return null;
}
const cli = composeCli();

describe('docker-compose.yml opens no door', () => {
  it('has no default for any secret: every use of one is ${NAME:?message}', () => {
    for (const name of SECRETS) {
      const uses = [...text.matchAll(new RegExp(`\\$\\{${name}(:?[-?+]?)[^}]*\\}`, 'g'))];
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use[1], `${use[0]} must refuse to start without ${name}`).toBe(':?');
    }
  });

  it('writes no password or secret into the file: each such variable comes from the operator', () => {
    for (const [service, { environment = {} }] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(environment)) {
        if (!/PASSWORD|SECRET|_PWD$|TOKEN/.test(key)) continue;
        expect(String(value), `${service}.${key}`).toMatch(/^\$\{[A-Z_]+(:\?[^}]+|:-)\}$/);
      }
      if (environment.DATABASE_URL) expect(environment.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    }
  });

  it('publishes only the app on every interface; Temporal, its UI and Mailpit on 127.0.0.1; the stores not at all', () => {
    const published = Object.entries(compose.services).flatMap(([service, { ports = [] }]) =>
      ports.map((p) => [service, String(p)] as const),
    );
    expect(
      published.filter(([service]) => service !== 'api').map(([service, p]) => [service, p.split(':')[0]]),
    ).toEqual([
      ['temporal', '127.0.0.1'],
      ['temporal-ui', '127.0.0.1'],
      ['mailpit', '127.0.0.1'],
    ]);
    expect(compose.services.postgres!.ports).toBeUndefined();
    expect(compose.services.clickhouse!.ports).toBeUndefined();
  });

  it.skipIf(!cli)('compose refuses the file without the secrets and validates it with them', () => {
    // An empty env file, so a developer's .env beside the compose file cannot supply the secrets.
    const envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
    const emptyEnv = path.join(envDir, 'empty.env');
    fs.writeFileSync(emptyEnv, '');
    onTestFinished(() => fs.rmSync(envDir, { recursive: true, force: true }));
    const run = (env: Record<string, string>) =>
      spawnSync(cli![0]!, [...cli!.slice(1), '--env-file', emptyEnv, '-f', composeFile, 'config', '--quiet'], {
        env: { PATH: process.env.PATH!, HOME: os.homedir(), ...env },
        encoding: 'utf8',
      });
    for (const missing of SECRETS) {
      const { [missing as keyof typeof secretValues]: _, ...others } = secretValues;
      const refused = run(others);
      expect(refused.status, missing).not.toBe(0);
      expect(refused.stderr).toContain(`set ${missing}`);
    }
    const valid = run(secretValues);
    expect(valid.stderr).toBe('');
    expect(valid.status).toBe(0);
  });
});
