// npm run bench -- NAME: runs benchmarks/NAME.ts, which prints one JSON object.
const name = process.argv[2];
if (!name || !/^[\w-]+$/.test(name)) {
  process.stderr.write('usage: npm run bench -- NAME   (e.g. cpm)\n');
  process.exit(1);
}
await import(`./${name}.ts`);
