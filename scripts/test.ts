/**
 * `npm test`: lint, typecheck, unit, build, API and browser tests, each phase run even when an
 * earlier one failed, then one summary line: "N passed, N failed". The first four run in two lanes
 * side by side, lint in one and typecheck, unit and build one after the other in the other (each
 * lane keeps one core busy; lint alone takes about as long as the other three), a phase's output
 * printed when it ends.
 */
import { spawn } from 'node:child_process';
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
  /**
   * With the phases next to it that also have a lane: the lanes run side by side, the phases of
   * one lane one after the other, each phase's output held until it ends.
   */
  lane?: number;
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
  { name: 'lint', command: ['npm', 'run', 'lint', '--silent'], lane: 0 },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck', '--silent'], lane: 1 },
  { ...vitestPhase('unit', 'unit'), lane: 1 },
  // Only the browser tests need the build; it is here to take its turn in a lane.
  { name: 'build', command: ['npm', 'run', 'build', '--silent'], lane: 1 },
  vitestPhase('api', 'api'),
  ...(postgresUrl
    ? [
        vitestPhase('api-postgres', 'api', {
          DATABASE_URL: postgresUrl,
          ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        }),
      ]
    : []),
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

/** Runs one phase; with `held`, its output is kept and printed when it ends. */
function run(phase: Phase, held: boolean): Promise<void> {
  const started = Date.now();
  const header = `\n=== ${phase.name}: ${phase.command.join(' ')}`;
  if (!held) console.log(header);
  const child = spawn(phase.command[0]!, phase.command.slice(1), {
    cwd: root,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...phase.env },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (held) {
        console.log(header);
        process.stdout.write(Buffer.concat(output));
      }
      const ok = code === 0;
      if (phase.count) {
        try {
          const counts = phase.count();
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
      resolve();
    });
  });
}

for (let index = 0; index < selected.length;) {
  const group = [selected[index]!];
  while (group[0]!.lane !== undefined && selected[index + group.length]?.lane !== undefined) {
    group.push(selected[index + group.length]!);
  }
  index += group.length;
  const lanes = [...new Set(group.map((phase) => phase.lane))];
  if (lanes.length === 1) {
    for (const phase of group) await run(phase, false);
  } else {
    await Promise.all(
      lanes.map(async (lane) => {
        for (const phase of group.filter((p) => p.lane === lane)) await run(phase, true);
      }),
    );
  }
}

if (failedPhases.length > 0) console.log(`\nFailed phases: ${failedPhases.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedPhases.length > 0 ? 1 : 0);
