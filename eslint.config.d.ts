// Types of eslint.config.js for tests/lintBoundaries.test.ts, which lints fixtures with the project's boundary rules.
import type { Linter } from 'eslint';

export const boundaries: Linter.Config;
export const browserOnly: Linter.Config;
declare const config: Linter.Config[];
export default config;
