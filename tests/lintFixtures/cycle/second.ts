// A fixture for tests/lintBoundaries.test.ts: second.ts closes the cycle with first.ts.
import { first } from './first';

export const second = (): string => (first.length > 0 ? 'second' : '');
