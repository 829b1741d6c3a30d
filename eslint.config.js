import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The server's layers, lowest first (ARCHITECTURE.md). A folder may import the folders before it, never one after it.
 * Folders on one row sit side by side and do not import each other.
 */
const layers = [['core'], ['platform'], ['warehouse', 'migrations'], ['seed'], ['workflows'], ['api'], ['server']];
/** On top of every layer: they may import anything of the server, and nothing imports them. */
const tops = ['scripts', 'bench', 'tests', 'e2e', 'dashboard'];

const layerZones = layers.flatMap((row, i) => {
  const above = [...layers.slice(i + 1).flat(), ...tops];
  return row.map((folder) => ({
    target: `./${folder}`,
    from: [...above, ...row.filter((f) => f !== folder)].map((f) => `./${f}`),
    message: `${folder}/ sits below that folder: import only downward (core → platform → warehouse/migrations → seed → workflows → api → server).`,
  }));
});

/** Each dashboard feature stands alone; what two features share lives in app/, ui/ or lib/. */
const featuresDir = 'dashboard/src/features';
const featureZones = fs
  .readdirSync(path.join(root, featuresDir), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `./${featuresDir}/${d.name}`,
    from: `./${featuresDir}`,
    except: [`./${d.name}`],
    message: 'A dashboard feature never imports another feature: move what both need to dashboard/src/app, ui or lib.',
  }));

/** The boundaries, as one config object so tests can lint a fixture with exactly these rules. */
export const boundaries = {
  files: ['**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    // Which files import-x reads and with which parser (its TypeScript preset's), so no-cycle follows .ts/.tsx imports.
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          ...layerZones,
          {
            target: './api',
            from: './workflows/activities',
            message: 'The api starts workflows through the Temporal client; what it shares with activities belongs in core/ or warehouse/.',
          },
          {
            // The browser code; dashboard/vite.config.ts is a Node build file (it generates the API docs' document).
            target: './dashboard/src',
            from: ['./platform', './warehouse', './migrations', './seed', './workflows', './api', './server', './scripts', './bench', './tests', './e2e'],
            message: 'The dashboard imports only core/ (the contracts and the shared vocabulary).',
          },
          ...featureZones,
        ],
      },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    // An import the resolver cannot follow would slip past both rules above.
    // Vite's virtual modules (virtual:public-api-document) exist only inside the build.
    'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dashboard/dist', 'data', '.tools', 'e2e/artifacts', 'coverage', 'tests/lintFixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  boundaries,
  {
    files: ['dashboard/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
