/**
 * Prints CI's closing line, `Tests: N passed, N failed`, summed over every suite `.ci/run` ran:
 * vitest's JSON reports (unit and browser), schemathesis' JUnit reports (one test case per fuzzed
 * operation and identity) and the step results `.ci/run` records for suites that report no tests
 * of their own (the load bench). A suite that crashed before writing its report counts as one failure,
 * so a broken run can never print a clean line.
 */
import fs from 'node:fs';
import path from 'node:path';

const [outDir] = process.argv.slice(2);
if (!outDir) throw new Error('usage: tsx .ci/totals.ts <ci output folder>');

let passed = 0;
let failed = 0;

interface VitestReport { numPassedTests: number; numFailedTests: number; success: boolean; numTotalTests: number }
interface StepResult { name: string; exitCode: number; report?: string }

const steps: StepResult[] = fs.existsSync(path.join(outDir, 'steps.jsonl'))
  ? fs.readFileSync(path.join(outDir, 'steps.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as StepResult)
  : [];

for (const step of steps) {
  const report = step.report ? path.join(outDir, step.report) : undefined;
  if (report && report.endsWith('.json') && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport;
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    // Failed files (an import error, a failing hook) carry no failed test but fail the suite.
    if (step.exitCode !== 0 && json.numFailedTests === 0) failed += 1;
  } else if (report && fs.existsSync(report) && fs.statSync(report).isDirectory()) {
    let cases = 0;
    let bad = 0;
    for (const file of fs.readdirSync(report).filter((name) => name.endsWith('.xml'))) {
      const xml = fs.readFileSync(path.join(report, file), 'utf8');
      // Each test case's text runs to the next one; a case failed when its text holds a <failure> or <error>.
      const chunks = xml.split(/<testcase\b/).slice(1);
      cases += chunks.length;
      bad += chunks.filter((chunk) => /<(?:failure|error)\b/.test(chunk)).length;
    }
    passed += cases - bad;
    failed += bad;
    if (step.exitCode !== 0 && bad === 0) failed += 1;
  } else if (step.exitCode === 0) {
    passed += 1;
  } else {
    failed += 1;
  }
}

console.log(`Tests: ${passed} passed, ${failed} failed`);
