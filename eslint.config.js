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
const layers = [
  ['core'],
  ['platform'],
  ['warehouse', 'migrations'],
  ['domain'],
  ['seed'],
  ['workflows', 'api'],
  ['server'],
];
/** On top of every layer: they may import anything of the server, and nothing imports them. */
const tops = ['scripts', 'bench', 'tests', 'e2e', 'dashboard'];
const order = 'core → platform → warehouse/migrations → domain → seed → workflows | api → server';

/**
 * The two entry points share the domain layer, not each other. The api may still reach Temporal: it starts workflows
 * typed by their definitions and keeps the schedules in place (workflows/definitions, workflows/schedules.ts).
 */
const apiMayUse = ['./definitions', './schedules.ts'];

const layerZones = layers.flatMap((row, i) => {
  const above = [...layers.slice(i + 1).flat(), ...tops];
  return row.flatMap((folder) => {
    const siblings = row.filter((f) => f !== folder);
    const zones = [
      {
        target: `./${folder}`,
        from: [...above, ...siblings.filter((f) => !(folder === 'api' && f === 'workflows'))].map((f) => `./${f}`),
        message: `${folder}/ sits below that folder: import only downward (${order}).`,
      },
    ];
    if (folder === 'api')
      zones.push({
        target: './api',
        from: './workflows',
        except: apiMayUse,
        message:
          'api/ and workflows/ are two entry points over domain/: the api starts workflows through the Temporal client (typed by workflows/definitions) and calls domain/ for the rest.',
      });
    return zones;
  });
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
            target: './domain',
            from: './migrations',
            message:
              'domain/ reads and writes through warehouse/; the migrations run only at start-up (server/, tests/).',
          },
          {
            // The browser code; dashboard/vite.config.ts is a Node build file (it generates the API docs' document).
            target: './dashboard/src',
            from: [
              './platform',
              './warehouse',
              './migrations',
              './seed',
              './workflows',
              './api',
              './server',
              './scripts',
              './bench',
              './tests',
              './e2e',
            ],
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

const nodeOnly = 'The dashboard runs core/ in the browser: what needs Node belongs in platform/ or domain/.';

/**
 * What the dashboard's bundle holds (its own code and core/) runs in a browser: no Node built-in module, no Node
 * global. The dashboard imports only core/ and npm packages, so these two folders are its whole import graph.
 */
export const browserOnly = {
  files: ['core/**/*.{ts,tsx}', 'dashboard/src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}', 'dashboard/src/testing/**'],
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-nodejs-modules': ['error'],
    'no-restricted-globals': [
      'error',
      ...['process', 'Buffer', 'global', 'require', '__dirname', '__filename'].map((name) => ({
        name,
        message: nodeOnly,
      })),
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]",
        message: nodeOnly,
      },
    ],
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
  browserOnly,
  {
    files: ['dashboard/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
