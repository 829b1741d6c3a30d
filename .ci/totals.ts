/**
 * Prints CI's closing line, `Tests: N passed, N failed`, summed over every suite `.ci/run` ran:
 * vitest's JSON reports (unit and browser), schemathesis' JUnit reports (one test case per fuzzed
 * operation and identity) and the step results `.ci/run` records for suites that report no tests
 * of their own (the load bench). A suite that crashed before writing its report counts as one failure,
 * so a broken run can never print a clean line. Above that line it names each failed test, and each test that
 * failed once and passed when run again (the server and browser test configs allow one retry; pure unit tests none), with the first line of its error.
 */
import fs from 'node:fs';
import path from 'node:path';

const [outDir] = process.argv.slice(2);
if (!outDir) throw new Error('usage: tsx .ci/totals.ts <ci output folder>');

let passed = 0;
let failed = 0;
// CI shows only the end of its output, so the names of what failed are printed beside the totals.
const failures: string[] = [];
const retried: string[] = [];
const firstLine = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

interface VitestAssertion {
  fullName: string;
  status: string;
  failureMessages?: string[];
}
interface VitestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults: VitestAssertion[];
}
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
  numTotalTests: number;
  testResults?: VitestFile[];
}
interface StepResult {
  name: string;
  exitCode: number;
  report?: string;
}

const steps: StepResult[] = fs.existsSync(path.join(outDir, 'steps.jsonl'))
  ? fs
      .readFileSync(path.join(outDir, 'steps.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StepResult)
  : [];

for (const step of steps) {
  const report = step.report ? path.join(outDir, step.report) : undefined;
  if (report && report.endsWith('.json') && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport;
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    for (const file of json.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      const bad = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of bad)
        failures.push(`${step.name}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // The configs run a failed test once more; one that passed then still carries its first failure.
      for (const test of file.assertionResults.filter(
        (t) => t.status === 'passed' && (t.failureMessages?.length ?? 0) > 0,
      )) {
        retried.push(`${step.name}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && bad.length === 0)
        failures.push(`${step.name}: ${where}: ${firstLine(file.message)}`);
    }
    // Failed files (an import error, a failing hook) carry no failed test but fail the suite.
    if (step.exitCode !== 0 && json.numFailedTests === 0) {
      failed += 1;
      failures.push(`${step.name}: exited ${step.exitCode} with no failed test (a file, hook or teardown failed)`);
    }
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
    if (bad > 0) failures.push(`${step.name}: ${bad} fuzzed operation(s) failed (JUnit reports in ${report})`);
    if (step.exitCode !== 0 && bad === 0) failed += 1;
  } else if (step.exitCode === 0) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(`${step.name}: exited ${step.exitCode}`);
  }
}

for (const flake of retried) console.log(`PASSED ON RETRY ${flake}`);
for (const failure of failures) console.log(`FAILED ${failure}`);

console.log(`Tests: ${passed} passed, ${failed} failed`);
