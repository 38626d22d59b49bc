// npm run bench -- NAME: runs benchmarks/NAME.ts, which prints one JSON object.
export {};

const bench = process.argv[2];
if (!bench || !/^[\w-]+$/.test(bench)) {
  process.stderr.write('usage: npm run bench -- NAME   (e.g. cpm)\n');
  process.exit(1);
}
// The benchmark sees its own arguments where it would when run directly (argv[2] onwards).
process.argv.splice(2, 1);
await import(`./${bench}.ts`);
