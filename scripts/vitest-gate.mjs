// Runs one Vitest project (glob) and exits from the run's own results, not from process.exitCode:
// PGlite's WebAssembly runtime writes process.exitCode when an instance starts or closes
// (emscripten's exit handler), so a database closed in Vitest's main process after the run could
// turn a failed run into exit 0 — a red suite that CI would have landed.
// Usage: node scripts/vitest-gate.mjs <project glob> [file filters…]
import { startVitest } from 'vitest/node';

const [project, ...filters] = process.argv.slice(2);
if (!project) {
  console.error('usage: node scripts/vitest-gate.mjs <project glob> [file filters…]');
  process.exit(2);
}

const vitest = await startVitest('test', filters, { run: true, watch: false, project: [project] });
const modules = vitest.state.getTestModules();
const failedModules = modules.filter((m) => !m.ok());
const unhandled = vitest.state.getUnhandledErrors();
await vitest.close();

const failed = modules.length === 0 || failedModules.length > 0 || unhandled.length > 0;
if (failed) {
  console.error(
    `vitest-gate: ${project} failed (${modules.length} files, ${failedModules.length} failed, ` +
      `${unhandled.length} unhandled errors)`,
  );
  for (const m of failedModules) console.error(`  failed: ${m.project.name} ${m.moduleId}`);
}
process.exit(failed ? 1 : 0);
