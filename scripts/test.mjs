// `npm test`: every check, in order; stops at the first failing step with its exit code.
// To add a check, append a step: [title, command, ...args]. Commands resolve from node_modules/.bin.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {[title: string, command: string, ...args: string[]][]} */
const steps = [
  ['Lint (Biome)', 'biome', 'lint', '--error-on-warnings', '.'],
  ['Chromium (Debian package)', 'node', 'scripts/ensure-chromium.mjs'],
  ['Typecheck', 'tsc', '--noEmit', '-p', '.'],
  // Once, for the size budget and for the hosts test (test/hosts), which packs this dist/.
  ['Build (dist/)', 'rollup', '-c', '--silent'],
  ['Tests: unit, stories (Chromium), e2e', 'vitest', 'run'],
  ['Size budget', 'node', 'scripts/size.mjs', '--no-build'],
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  // CI mode for vitest: `.only` fails, missing snapshots fail instead of being written, obsolete
  // ones fail too. `CI= npm test` opts out.
  CI: process.env.CI ?? 'true',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  NO_UPDATE_NOTIFIER: '1',
  npm_config_update_notifier: 'false',
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
};

const started = Date.now();
for (const [i, [title, command, ...args]] of steps.entries()) {
  console.log(`\n=== [${i + 1}/${steps.length}] ${title}: ${[command, ...args].join(' ')}`);
  const t0 = Date.now();
  const { status, signal, error } = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (status !== 0) {
    const why = error ? error.message : signal ? `signal ${signal}` : `exit ${status}`;
    console.error(`\n=== FAILED: ${title} (${why}, ${seconds}s)`);
    process.exit(status || 1);
  }
  console.log(`=== ok: ${title} (${seconds}s)`);
}
console.log(`\n=== all ${steps.length} steps passed (${((Date.now() - started) / 1000).toFixed(1)}s)`);
