// Seeds for fuzz_schema (tests/fuzz/run.sh): the hand-written messages of
// tests/node/schema-vectors.mjs, each prefixed with its message id (wasm/generated/schema/messages.js)
// and 0xFF (read the version prefix) or, for a message without one, the version it is read at.
//   node tests/fuzz/schema_seeds.mjs OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { MESSAGES } from '../../wasm/generated/schema/messages.js';
import { VECTORS } from '../node/schema-vectors.mjs';

const out = process.argv[2];
mkdirSync(out, { recursive: true });
MESSAGES.forEach(({ name }, id) => {
  const list = VECTORS[name];
  if (!list) throw new Error(`schema_seeds.mjs: no seed for ${name}`);
  list.forEach((s, k) =>
    writeFileSync(join(out, `${name}-${k}`), Uint8Array.from([id, s.version ?? 0xff, ...s.bytes])),
  );
});
