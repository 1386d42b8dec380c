/**
 * `npm test`: lint, typecheck, unit, API and browser tests, in that order, each phase run even when
 * an earlier one failed, then one summary line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Phase {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads passed/failed counts from the phase's JSON report. */
  count?: () => { passed: number; failed: number };
}

function vitestCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

function playwrightCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  };
}

/** One vitest project run with a JSON report, so its counts join the summary. */
function vitestPhase(name: string, project: string, env?: Record<string, string>): Phase {
  const report = `${reports}/${name}.json`;
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    ...(env ? { env } : {}),
    count: vitestCounts(report),
  };
}

const only = process.argv.slice(2);
// The API suite runs again on PostgreSQL (and Redis) when CI or a developer points at them.
const postgresUrl = process.env.PLAZA_TEST_DATABASE_URL;
const redisUrl = process.env.PLAZA_TEST_REDIS_URL;
const phases: Phase[] = [
  { name: 'lint', command: ['npm', 'run', 'lint', '--silent'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck', '--silent'] },
  vitestPhase('unit', 'unit'),
  vitestPhase('api', 'api'),
  ...(postgresUrl
    ? [
        vitestPhase('api-postgres', 'api', {
          DATABASE_URL: postgresUrl,
          ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        }),
      ]
    : []),
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` },
    count: playwrightCounts(`${reports}/e2e.json`),
  },
];
const selected = phases.filter((phase) => only.length === 0 || only.includes(phase.name));

let passed = 0;
let failed = 0;
const failedPhases: string[] = [];
for (const phase of selected) {
  console.log(`\n=== ${phase.name}: ${phase.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(phase.command[0]!, phase.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...phase.env },
  });
  const ok = result.status === 0;
  if (phase.count) {
    const reportFile = phase.count;
    try {
      const counts = reportFile();
      passed += counts.passed;
      failed += counts.failed;
    } catch {
      // No report: the runner died before it could write one.
      failed += 1;
    }
  } else {
    // Lint, typecheck and build count as one check each.
    if (ok) passed += 1;
    else failed += 1;
  }
  if (!ok) failedPhases.push(phase.name);
  console.log(
    `=== ${phase.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (failedPhases.length > 0) console.log(`\nFailed phases: ${failedPhases.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedPhases.length > 0 ? 1 : 0);
