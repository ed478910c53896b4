// The wasm heap after one large call (issue 7, defect 7): a wasm memory never shrinks, so the codec
// moves to a fresh module instance after a call that grew the heap past 16 MiB. Prints the heap
// and the process's memory before, right after, and once the fresh instance took over (and a GC
// ran), for a 100 MB decodeKey and a 1.5e8-character encodeKey role.
// Records the goal's figure (tests/bench/goals.json): the largest heap once the fresh instance took over.
// Usage: node --expose-gc tests/bench/heap-after-large.mjs
import { loadCodec } from '../../wasm/api/index.js';
import { recordGoals } from './goals.mjs';

const codec = await loadCodec();
const MiB = 2 ** 20;
const fmt = (n) => `${(n / MiB).toFixed(1)} MiB`;
const memory = () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return `wasm heap ${fmt(codec.__heapStats().heapBytes)}, process rss ${fmt(m.rss)}, arrayBuffers ${fmt(m.arrayBuffers)}`;
};
async function settled() {
  const t0 = performance.now();
  while (codec.__heapStats().heapBytes > 16 * MiB && performance.now() - t0 < 5000)
    await new Promise((r) => setTimeout(r, 1));
  return performance.now() - t0;
}
const cases = [
  ['decodeKey of 100 MB', () => codec.decodeKey(new Uint8Array(100_000_000))],
  ['encodeKey with a 1.5e8-character role', () => codec.encodeKey({ kind: 'lease', role: 'r'.repeat(150_000_000) })],
];
console.log(`start: ${memory()}`);
const after = [];
for (const [name, call] of cases) {
  let result;
  try {
    call();
    result = 'returned';
  } catch (e) {
    result = `${e.name} ${e.code ?? ''}`;
  }
  console.log(`${name} (${result}):`);
  console.log(`  right after: wasm heap ${fmt(codec.__heapStats().heapBytes)}`);
  const ms = await settled();
  console.log(`  fresh instance after ${ms.toFixed(0)} ms: ${memory()}`);
  after.push({ heap: codec.__heapStats().heapBytes, ms });
}
if (!process.env.BENCH_NO_WRITE) {
  const heap = Math.max(...after.map((a) => a.heap));
  const times = after.map((a) => a.ms.toFixed(0)).join('-');
  recordGoals({ 'heap-given-back': { value: heap / MiB, figure: `${fmt(heap)}, ${times} ms after the call` } });
}
