import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries, browserOnly } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');

/** ESLint with exactly the project's boundary rules, fixtures included (the project's own lint skips them). */
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { ...boundaries, languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } },
    browserOnly,
  ],
});

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the project root). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('npm run lint enforces the layer boundaries', () => {
  it('accepts a downward import', async () => {
    expect(
      await violations(
        'api/lintFixture.ts',
        "import { platforms } from '../core/platforms';\nexport const p = platforms;\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'dashboard/src/features/alerts/lintFixture.ts',
        "import { platforms } from '@core/platforms';\nexport const p = platforms;\n",
      ),
    ).toEqual([]);
  });

  it('rejects an upward import', async () => {
    expect(
      await violations('core/lintFixture.ts', "import { buildApp } from '../api/app';\nexport const b = buildApp;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await violations(
        'warehouse/lintFixture.ts',
        "import { startWorker } from '../workflows/worker';\nexport const w = startWorker;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('keeps the api off the activities, the dashboard on core, and dashboard features apart', async () => {
    expect(
      await violations(
        'api/lintFixture.ts',
        "import { createActivities } from '../workflows/activities';\nexport const a = createActivities;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await violations(
        'dashboard/src/lib/lintFixture.ts',
        "import { buildApp } from '../../../api/app';\nexport const b = buildApp;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await violations(
        'dashboard/src/features/blog/lintFixture.ts',
        "import { AlertsPage } from '../alerts/components/AlertsPage';\nexport const a = AlertsPage;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets api/ and workflows/ share domain/, never each other, beyond the Temporal client', async () => {
    const fine = [
      [
        'api/lintFixture.ts',
        "import { createNotificationChannels } from '../domain/notifications';\nexport const c = createNotificationChannels;\n",
      ],
      [
        'workflows/lintFixture.ts',
        "import { planQuotaAllowance } from '../domain/quota/quotaPlan';\nexport const p = planQuotaAllowance;\n",
      ],
      [
        'api/lintFixture.ts',
        "import type { detectTrends } from '../workflows/definitions';\nexport type D = typeof detectTrends;\n",
      ],
      [
        'api/lintFixture.ts',
        "import { ensureSchedules } from '../workflows/schedules';\nexport const e = ensureSchedules;\n",
      ],
    ];
    for (const [file, code] of fine) expect(await violations(file!, code!)).toEqual([]);
    expect(
      await violations(
        'api/lintFixture.ts',
        "import { createConnectors } from '../workflows/connectors';\nexport const c = createConnectors;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await violations(
        'workflows/lintFixture.ts',
        "import { buildApp } from '../api/app';\nexport const b = buildApp;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('keeps domain/ on warehouse/, platform/ and core/', async () => {
    expect(
      await violations(
        'domain/lintFixture.ts',
        "import { activeAlerts } from '../warehouse/postgres/alerts';\nimport { log } from '../platform/logger';\nexport const a = [activeAlerts, log];\n",
      ),
    ).toEqual([]);
    const upward = [
      "import { createActivities } from '../workflows/activities';\nexport const a = createActivities;\n",
      "import { buildApp } from '../api/app';\nexport const b = buildApp;\n",
      "import { migrations } from '../migrations';\nexport const m = migrations;\n",
      "import { seedReferenceData } from '../seed';\nexport const s = seedReferenceData;\n",
    ];
    for (const code of upward)
      expect(await violations('domain/lintFixture.ts', code)).toContain('import-x/no-restricted-paths');
    expect(
      await violations(
        'warehouse/lintFixture.ts',
        "import { priceSource } from '../domain/prices';\nexport const p = priceSource;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('keeps Node out of what the browser runs (core/ and the dashboard)', async () => {
    expect(
      await violations(
        'core/lintFixture.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toContain('import-x/no-nodejs-modules');
    expect(
      await violations('core/lintFixture.ts', "import { createHash } from 'crypto';\nexport const h = createHash;\n"),
    ).toContain('import-x/no-nodejs-modules');
    expect(await violations('core/lintFixture.ts', 'export const url = process.env.PUBLIC_URL;\n')).toContain(
      'no-restricted-globals',
    );
    expect(await violations('core/lintFixture.ts', 'export const here = import.meta.dirname;\n')).toContain(
      'no-restricted-syntax',
    );
    expect(
      await violations('dashboard/src/lib/lintFixture.ts', "import path from 'node:path';\nexport const p = path;\n"),
    ).toContain('import-x/no-nodejs-modules');
    expect(await violations('dashboard/src/lib/lintFixture.ts', "export const b = Buffer.from('x');\n")).toContain(
      'no-restricted-globals',
    );
    // The server's layers may use Node.
    expect(
      await violations(
        'platform/lintFixture.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = [readFileSync, process.env];\n",
      ),
    ).toEqual([]);
  });

  it('rejects an import cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(root, 'tests/lintFixtures/cycle/first.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
