// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The api layer: lib/api.ts, every feature's api/ folder and the shared *Api.ts modules. */
const apiModules = filesUnder(src).filter((file) => {
  const path = relative(src, file);
  return path === join('lib', 'api.ts') || /(^|\/)api\//.test(path) || /Api\.ts$/.test(path);
});

describe('the api layer', () => {
  it('is found', () => {
    expect(apiModules.length).toBeGreaterThan(10);
  });

  it.each(apiModules.map((file) => [relative(src, file), file]))(
    '%s shows no toast: the calling component decides',
    (_, file) => {
      expect(readFileSync(file, 'utf8')).not.toMatch(/from '[^']*toast[^']*'|showToast\(|errorToast\(/);
    },
  );

  it.each(apiModules.map((file) => [relative(src, file), file]))(
    '%s keeps keys and fetchers in factories, not in hooks',
    (_, file) => {
      expect(readFileSync(file, 'utf8')).not.toMatch(/\buse(Query|Mutation|QueryClient)\(/);
    },
  );
});
