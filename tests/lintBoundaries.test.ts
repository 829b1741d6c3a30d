import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');

/** ESLint with exactly the project's boundary rules, fixtures included (the project's own lint skips them). */
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ ...boundaries, languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }],
});

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the project root). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('npm run lint enforces the layer boundaries', () => {
  it('accepts a downward import', async () => {
    expect(await violations('api/lintFixture.ts', "import { platforms } from '../core/platforms';\nexport const p = platforms;\n")).toEqual([]);
    expect(await violations('dashboard/src/features/alerts/lintFixture.ts', "import { platforms } from '@core/platforms';\nexport const p = platforms;\n")).toEqual([]);
  });

  it('rejects an upward import', async () => {
    expect(await violations('core/lintFixture.ts', "import { buildApp } from '../api/app';\nexport const b = buildApp;\n")).toContain('import-x/no-restricted-paths');
    expect(await violations('warehouse/lintFixture.ts', "import { startWorker } from '../workflows/worker';\nexport const w = startWorker;\n")).toContain('import-x/no-restricted-paths');
  });

  it('keeps the api off the activities, the dashboard on core, and dashboard features apart', async () => {
    expect(await violations('api/lintFixture.ts', "import { createActivities } from '../workflows/activities';\nexport const a = createActivities;\n")).toContain('import-x/no-restricted-paths');
    expect(await violations('dashboard/src/lib/lintFixture.ts', "import { buildApp } from '../../../api/app';\nexport const b = buildApp;\n")).toContain('import-x/no-restricted-paths');
    expect(
      await violations('dashboard/src/features/blog/lintFixture.ts', "import { AlertsPage } from '../alerts/components/AlertsPage';\nexport const a = AlertsPage;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('rejects an import cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(root, 'tests/lintFixtures/cycle/first.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
