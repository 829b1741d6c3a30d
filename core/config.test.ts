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
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).paymentsEnabled).toBe(true);
  });
});
