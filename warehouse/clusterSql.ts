/**
 * The migrations are written for one ClickHouse server. With a cluster (CLICKHOUSE_CLUSTER), each statement is rendered
 * for it instead, so the same files build both:
 * - every table becomes `<name>_local` on every node (ON CLUSTER), its engine the Replicated* variant (one replica set per
 *   shard, keyed by the server's {shard} and {replica} macros), and `<name>` a Distributed table over the local ones,
 *   sharded by the ticker where the table has one (a ticker's mentions, sets and counts all live on one shard, so every
 *   per-ticker aggregate is shard-local) and by the post otherwise;
 * - materialized views read and write the local tables (an insert through the Distributed table lands on a shard and its
 *   views run there);
 * - ALTERs change the local and the Distributed table (a TTL, setting or codec the local one only); DROPs drop both;
 * - a lightweight DELETE runs on every shard's stored table, whose tables its predicate reads too;
 * - reads and INSERT … SELECT go through the Distributed tables, as queries do.
 */
export interface ClusterTopology {
  /** The cluster's name in the servers' remote_servers configuration. */
  cluster: string;
}

/** How rows of each table are spread over shards. */
export function shardingKeyOf(table: string, createStatement: string): string {
  // A ticker's rows, stored or passing through (mention_inserts), go to the shard that stores its mentions.
  if (/\bticker\s+(LowCardinality|String)/.test(createStatement)) return 'cityHash64(ticker)';
  if (/\bpost_id\s+String/.test(createStatement)) return 'cityHash64(platform, post_id)';
  if (table === 'mention_hour_seals') return 'cityHash64(hour)';
  return 'rand()';
}

const local = (name: string) => `${name}_local`;
const identifier = /[a-z_][a-z0-9_]*/;

/** The tables the statements create (CREATE TABLE), in order. */
export function createdTables(statements: readonly string[]): string[] {
  return statements.flatMap((s) => {
    const m = /^CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/i.exec(s.trim());
    return m ? [m[1]!] : [];
  });
}

/** Replaces whole-word table names with their local names. */
function toLocal(sql: string, tables: ReadonlySet<string>): string {
  return sql.replace(new RegExp(`\\b(${identifier.source})\\b`, 'g'), (word) =>
    tables.has(word) ? local(word) : word,
  );
}

/** `ENGINE = XMergeTree(args)` as `ENGINE = ReplicatedXMergeTree('<path>', '{replica}', args)`. */
function replicatedEngine(sql: string, table: string): string {
  return sql.replace(
    /ENGINE\s*=\s*(\w*MergeTree)(?:\(([^)]*)\))?/,
    (_all, engine: string, args: string | undefined) => {
      const replicaArgs = [
        `'/clickhouse/tables/{shard}/{database}/${local(table)}'`,
        `'{replica}'`,
        ...(args?.trim() ? [args.trim()] : []),
      ];
      return `ENGINE = Replicated${engine}(${replicaArgs.join(', ')})`;
    },
  );
}

/**
 * One single-server statement as the statements a cluster runs. `tables` are every table the migrations create (so a
 * later file's statement can name an earlier file's table).
 */
export function renderForCluster(statement: string, tables: ReadonlySet<string>, topology: ClusterTopology): string[] {
  const onCluster = `ON CLUSTER ${topology.cluster}`;
  const sql = statement.trim();

  const create = /^CREATE TABLE (IF NOT EXISTS )?([a-z_][a-z0-9_]*)/i.exec(sql);
  if (create) {
    const [head, ifNotExists = '', table] = create as unknown as [string, string | undefined, string];
    const body = sql.slice(head.length);
    return [
      `CREATE TABLE ${ifNotExists}${local(table)} ${onCluster}${replicatedEngine(body, table)}`,
      `CREATE TABLE ${ifNotExists}${table} ${onCluster} AS ${local(table)} ENGINE = Distributed(${topology.cluster}, currentDatabase(), ${local(table)}, ${shardingKeyOf(table, sql)})`,
    ];
  }
  const view = /^CREATE MATERIALIZED VIEW (IF NOT EXISTS )?([a-z_][a-z0-9_]*)/i.exec(sql);
  if (view) {
    const [head, ifNotExists = '', name] = view as unknown as [string, string | undefined, string];
    return [`CREATE MATERIALIZED VIEW ${ifNotExists}${name} ${onCluster}${toLocal(sql.slice(head.length), tables)}`];
  }
  const drop = /^DROP (TABLE|VIEW) (IF EXISTS )?([a-z_][a-z0-9_]*)( SYNC)?$/i.exec(sql);
  if (drop) {
    const [, kind, ifExists = '', name, sync = ''] = drop as unknown as [
      string,
      string,
      string | undefined,
      string,
      string | undefined,
    ];
    if (kind!.toUpperCase() === 'VIEW' || !tables.has(name))
      return [`DROP ${kind} ${ifExists}${name} ${onCluster}${sync}`];
    return [
      `DROP TABLE ${ifExists}${name} ${onCluster}${sync}`,
      `DROP TABLE ${ifExists}${local(name)} ${onCluster}${sync}`,
    ];
  }
  const alter = /^ALTER TABLE ([a-z_][a-z0-9_]*)\s+([\s\S]*)$/i.exec(sql);
  if (alter) {
    const [, name, change] = alter as unknown as [string, string, string];
    if (!tables.has(name)) return [`ALTER TABLE ${name} ${onCluster} ${change}`];
    // A TTL, a setting or a column's codec belongs to the stored (local) table only; a column to both.
    const storedOnly =
      /^(MODIFY TTL|MODIFY SETTING|MATERIALIZE)/i.test(change) ||
      /^(?:\s*MODIFY COLUMN [a-z_][a-z0-9_]* CODEC\((?:[^()]|\([^()]*\))*\)\s*(?:,|$))+$/i.test(change);
    return [
      `ALTER TABLE ${local(name)} ${onCluster} ${change}`,
      ...(storedOnly ? [] : [`ALTER TABLE ${name} ${onCluster} ${change}`]),
    ];
  }
  // ClickHouse deletes no rows through a Distributed table: each shard deletes from its own stored rows. The tables its
  // predicate reads are read on the same shard, which holds all of a ticker's rows in every table sharded by ticker.
  const remove = /^DELETE FROM ([a-z_][a-z0-9_]*)\s+WHERE\s+([\s\S]*)$/i.exec(sql);
  if (remove && tables.has(remove[1]!))
    return [`DELETE FROM ${local(remove[1]!)} ${onCluster} WHERE ${toLocal(remove[2]!, tables)}`];
  return [sql];
}
