// Consumer check: `npm pack` the package, install the tarball into a fresh temporary project
// (offline; the package has no runtime dependencies), and import it from plain Node ESM with no
// browser or bundler: decode a golden vector, encode it back, check the packed file list.
// Usage: node tests/consumer/consumer.mjs   (needs `npm run build:wasm` first). Exit 0 = pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'coordination-consumer-'));
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

try {
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root));
  const files = packed[0].files.map((f) => f.path).sort();
  const expected = ['README.md', 'package.json', 'wasm/dist/coordination_codec.js', 'wasm/dist/coordination_codec.wasm', 'wasm/index.d.ts', 'wasm/index.js', 'wasm/streams-upgrade.js'];
  const missing = expected.filter((f) => f !== 'README.md' && !files.includes(f));
  const extra = files.filter((f) => !expected.includes(f));
  if (missing.length || extra.length) throw new Error(`packed files: missing ${missing} extra ${extra}`);
  const tarball = join(work, packed[0].filename);

  const app = join(work, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer-app', version: '1.0.0', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);

  const golden = JSON.parse(readFileSync(join(root, 'golden/lease.json'), 'utf8'));
  const vector = golden.vectors.find((v) => v.expect.record);
  writeFileSync(
    join(app, 'main.mjs'),
    `import { loadCodec, toJSON, CoordinationError } from 'coordination-viewer';
const codec = await loadCodec();
const bytes = Uint8Array.from(Buffer.from(${JSON.stringify(vector.hex)}, 'hex'));
const lease = codec.decodeValue('lease', bytes);
const again = Buffer.from(codec.encodeValue(lease)).toString('hex');
let error = null;
try { codec.decodeKey(new Uint8Array(1)); } catch (e) { error = e instanceof CoordinationError ? [e.code, e.offset, e.field] : String(e); }
process.stdout.write(toJSON({ lease, again, error }));
`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' }));
  const r = vector.expect.record;
  const want = { version: 0, kind: 'lease', member: r.member, producerId: r.producer_id, producerEpoch: r.producer_epoch, grantedAt: r.granted_at, deadline: r.deadline };
  if (JSON.stringify(out.lease) !== JSON.stringify(want)) throw new Error(`decoded ${JSON.stringify(out.lease)}, want ${JSON.stringify(want)}`);
  if (out.again !== vector.hex) throw new Error(`re-encoded ${out.again}, want ${vector.hex}`);
  if (JSON.stringify(out.error) !== JSON.stringify(['TRUNCATED', 0, 'key.version'])) throw new Error(`error ${JSON.stringify(out.error)}`);
  console.log(`consumer ok: ${vector.id} decoded from an installed tarball (${packed[0].filename}, ${files.length} files, ${packed[0].size} bytes packed)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
