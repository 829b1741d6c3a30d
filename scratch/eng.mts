import fs from 'node:fs';
import { Session } from 'chdb';
const dir = '/tmp/exp/ch5'; fs.rmSync(dir, { recursive: true, force: true });
const s = new Session(dir);
s.query(`CREATE TABLE t (a String, b String, c String) ENGINE = MergeTree ORDER BY tuple()`);
for (let i = 0; i < 3; i++) { const st = performance.now(); s.query(`INSERT INTO t SELECT toString(number), 'reddit', 'bench' FROM numbers(100000)`); console.log('insert select', (performance.now() - st).toFixed(0), 'ms'); }
const tsv = Array.from({ length: 100000 }, (_, i) => `${i}\treddit\tbench`).join('\n') + '\n';
for (let i = 0; i < 3; i++) { const st = performance.now(); s.query(`INSERT INTO t FORMAT TabSeparated\n${tsv}`); console.log('insert tsv', (performance.now() - st).toFixed(0), 'ms'); }
for (let i = 0; i < 3; i++) { const st = performance.now(); s.query(`SELECT count() FROM numbers(10000000) WHERE number % 7 = 1`); console.log('select 10M', (performance.now() - st).toFixed(0), 'ms'); }
console.log(s.query(`SELECT name, value FROM system.settings WHERE name IN ('max_threads','max_insert_threads','input_format_parallel_parsing','max_insert_block_size','min_insert_block_size_rows','fsync_after_insert','optimize_on_insert')`, 'TSV').toString());
