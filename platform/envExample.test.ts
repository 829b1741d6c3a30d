import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from './config';

const envExample = fs.readFileSync(path.join(import.meta.dirname, '..', '.env.example'), 'utf8');
const documented = envExample
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name): name is string => Boolean(name));

describe('.env.example', () => {
  it('lists every variable the configuration reads, each once, with a comment above it', () => {
    expect([...documented].sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(new Set(documented).size).toBe(documented.length);
    const lines = envExample.split('\n');
    for (const name of documented) {
      const index = lines.findIndex((l) => l.startsWith(`${name}=`));
      const above = lines
        .slice(0, index)
        .reverse()
        .find((l) => l.trim() !== '');
      expect(above, `${name} needs a comment`).toMatch(/^#|^[A-Z_]+=/);
    }
  });

  it('is itself a valid configuration', () => {
    const values = Object.fromEntries(
      envExample.split('\n').flatMap((l) => (/^([A-Z0-9_]+)=(.*)$/.exec(l) ? [[RegExp.$1, RegExp.$2]] : [])),
    );
    expect(() => loadConfig(values)).not.toThrow();
  });
});
