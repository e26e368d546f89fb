// One fidelity check, for support and for anyone checking the checker:
//   npm run fidelity -- <source image> <result image> [--upscale]
// Prints the report (verdict, figures, findings, region) as JSON.
import { readFile } from 'node:fs/promises';
import { createFidelityChecker } from '../src/fidelity/fidelity-checker.ts';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 2) {
  console.error('usage: npm run fidelity -- <source image> <result image> [--upscale]');
  process.exit(2);
}
const [source, result] = await Promise.all(files.map((file) => readFile(file)));
const checker = createFidelityChecker({ threads: 1 });
const report = await checker.check({
  sources: [source!],
  result: result!,
  kind: args.includes('--upscale') ? 'upscale' : 'image',
});
await checker.close();
console.log(JSON.stringify(report, null, 2));
