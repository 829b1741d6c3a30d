import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses embedded defaults when no URLs are given', () => {
    const config = loadConfig({});
    expect(config.env.PORT).toBe(3000);
    expect(config.mode).toBe('embedded');
    expect(config.paymentsEnabled).toBe(false);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('is distributed only when Postgres, ClickHouse and Temporal are all given', () => {
    const base = { DATABASE_URL: 'postgres://u:p@db:5432/x', CLICKHOUSE_URL: 'http://ch:8123' };
    expect(loadConfig(base).mode).toBe('embedded');
    expect(loadConfig({ ...base, TEMPORAL_ADDRESS: 'temporal:7233' }).mode).toBe('distributed');
  });

  it('stops with a message naming the invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SERVICE_ROLE: 'both' })).toThrow(/SERVICE_ROLE/);
  });

  it('turns payments on only with both Stripe keys', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).paymentsEnabled).toBe(false);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).paymentsEnabled).toBe(
      true,
    );
  });

  it('refuses secure cookies without a trusted proxy, in one line saying what to set', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://stockpulse.example' })).toThrow(
      new ConfigError(
        'Secure session cookies need HTTPS, and the API serves plain HTTP: set TRUST_PROXY=true behind your HTTPS reverse proxy, or use an http PUBLIC_URL',
      ),
    );
    expect(() => loadConfig({ COOKIE_SECURE: 'true' })).toThrow(
      /set TRUST_PROXY=true behind your HTTPS reverse proxy, or COOKIE_SECURE=false$/,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://stockpulse.example', TRUST_PROXY: 'true' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://stockpulse.example', COOKIE_SECURE: 'false' }).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).secureCookies).toBe(false);
    // A worker sets no cookie.
    expect(() => loadConfig({ PUBLIC_URL: 'https://stockpulse.example', SERVICE_ROLE: 'worker' })).not.toThrow();
  });
});
