// Reading time of record inputs (wasm/text/record-lines.js createRecordReader, what `state` and the
// topic worker read lines and kcat records with), in the CLI's 64 KiB chunks: long JSON lines and
// kcat records of growing size (issue 21 defect 5: each chunk joined the cut line or record and
// searched it again, so one 64 MiB line took 39 s), and 64 MiB of ordinary lines and records for
// the usual throughput. Prints a Markdown table for BENCHMARKS.md.
// Usage: node tests/bench/record-lines.mjs [--module PATH] [--sizes 1,2,4,8] [--huge]
//   --module: another copy of record-lines.js to measure (e.g. the one before the fix, from git);
//   --huge: also one 64 MiB line and one 64 MiB kcat record (read whole, or refused by the limit).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import os from 'node:os';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const modulePath = arg('--module') ?? new URL('../../wasm/text/record-lines.js', import.meta.url).pathname;
const { createRecordReader } = await import(pathToFileURL(resolve(modulePath)).href);
const SIZES = (arg('--sizes') ?? '1,2,4,8').split(',').map(Number);
const CHUNK = 1 << 16; // fs.createReadStream's and a pipe's chunk
const MiB = 1 << 20;

const KEY = Buffer.from('000000010004726166740000', 'hex');
const jsonLine = (hexChars) => Buffer.from(`{"key":"${'00'.repeat(hexChars / 2)}","value":null}\n`);
const kcatRecord = (valueBytes, offset = 0) =>
  Buffer.concat([
    Buffer.from(`0 ${offset} 1700000000000 ${KEY.length} ${valueBytes}\n`),
    KEY,
    Buffer.alloc(valueBytes, 0x41),
    Buffer.from('\n'),
  ]);
const repeated = (one, total) => Buffer.concat(Array.from({ length: Math.ceil(total / one.length) }, () => one));

// Reads `bytes` in CHUNK pieces; returns [ms, records, outcome].
function read(bytes) {
  const errors = [];
  const reader = createRecordReader('bench', errors);
  const t0 = performance.now();
  let records = 0;
  try {
    for (let at = 0; at < bytes.length; at += CHUNK) records += reader.push(bytes.subarray(at, at + CHUNK)).length;
    records += reader.end().length;
  } catch (e) {
    return [performance.now() - t0, records, `refused: ${e.code ?? ''} ${e.message.slice(0, 60)}...`];
  }
  return [performance.now() - t0, records, errors.length ? `${errors.length} line errors` : 'read'];
}

const rows = [];
const measure = (name, bytes) => {
  const [ms, records, outcome] = read(bytes);
  rows.push(`| ${name} | ${(bytes.length / MiB).toFixed(1)} | ${records} | ${ms.toFixed(0)} | ${outcome} |`);
  console.error(rows.at(-1));
};
for (const mb of SIZES) measure(`one JSON line of ${mb} MiB`, jsonLine(mb * MiB - 32));
for (const mb of SIZES) measure(`one kcat record of ${mb} MiB`, kcatRecord(mb * MiB - 64));
if (process.argv.includes('--huge')) {
  measure('one JSON line of 64 MiB', jsonLine(64 * MiB - 32));
  measure('one kcat record of 64 MiB', kcatRecord(64 * MiB - 64));
}
measure('64 MiB of JSON lines (160 B each)', repeated(jsonLine(112), 64 * MiB));
measure('64 MiB of kcat records (100 B each)', repeated(kcatRecord(50), 64 * MiB));

console.log(
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/record-lines.mjs ${process.argv.slice(2).join(' ')}\`` +
    ` on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores), Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${modulePath.replace(/.*\/(?=[^/]+$)/, '')} read in ${CHUNK / 1024} KiB chunks, one run each.\n`,
);
console.log('| input | MiB | records | ms | outcome |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
