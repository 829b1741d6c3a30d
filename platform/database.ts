import knex, { type Knex } from 'knex';
import pg from 'pg';

// Return BIGINT/COUNT as numbers (they stay well inside 2^53 here) and NUMERIC as strings (the API's changePercent is a numeric string).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Database = Knex;

export function createDatabase(url: string, poolMax = 10): Database {
  return knex({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 5000 },
    pool: { min: 0, max: poolMax, acquireTimeoutMillis: 10000 },
    acquireConnectionTimeout: 10000,
  });
}
