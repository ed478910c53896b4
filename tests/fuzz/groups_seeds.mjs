// Seeds for fuzz_groups (tests/fuzz/run.sh): every vector of golden/group-records.json (byte 0
// the key's length, byte 1 bit 0 a null value, then key and value) and of
// golden/consumer-protocol.json (byte 1 bit 1: a consumer protocol message alone; bit 2 an
// assignment; bit 3 its userData read as Streams'), of golden/share-state.json (byte 1 bit 5:
// a __share_group_state record) and of golden/cluster-metadata.json (byte 1 bit 6: a
// __cluster_metadata record's value).
//   node tests/fuzz/groups_seeds.mjs OUT_DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const golden = new URL('../../golden/', import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, golden), 'utf8')).vectors;
const hex = (h) => Buffer.from(h, 'hex');
const out = process.argv[2];
mkdirSync(out, { recursive: true });
for (const v of load('group-records.json')) {
  const key = hex(v.key);
  if (key.length > 255) continue;
  const value = v.value === null ? Buffer.alloc(0) : hex(v.value);
  writeFileSync(
    join(out, v.id.replaceAll('/', '-')),
    Buffer.concat([Buffer.from([key.length, v.value === null ? 1 : 0]), key, value]),
  );
}
for (const v of load('share-state.json')) {
  const key = hex(v.key);
  const value = v.value === null ? Buffer.alloc(0) : hex(v.value);
  writeFileSync(
    join(out, v.id.replaceAll('/', '-')),
    Buffer.concat([Buffer.from([key.length, 32 | (v.value === null ? 1 : 0)]), key, value]),
  );
}
const metadata = load('cluster-metadata.json');
for (const v of metadata)
  writeFileSync(join(out, v.id.replaceAll('/', '-')), Buffer.concat([Buffer.from([0, 64]), hex(v.value)]));
// Logs of them (byte 1 bits 6 and 7: a length byte, then a value): the valid vectors in the file's
// order, whose topic, partitions, changes and brokers share their ids, eight at a time and all.
const logged = metadata.filter((v) => v.flags.includes('Valid') && v.value.length / 2 < 256);
const log = (vs) =>
  Buffer.concat([
    Buffer.from([0, 192]),
    ...vs.map((v) => Buffer.concat([Buffer.from([v.value.length / 2]), hex(v.value)])),
  ]);
for (let i = 0; i < logged.length; i += 8)
  writeFileSync(join(out, `cluster-metadata-log-${i}`), log(logged.slice(i, i + 8)));
writeFileSync(join(out, 'cluster-metadata-log-all'), log(logged));
for (const v of load('consumer-protocol.json')) {
  const flags = 2 | (v.message === 'assignment' ? 4 : 0) | (v.streams ? 8 : 0);
  writeFileSync(join(out, v.id.replaceAll('/', '-')), Buffer.concat([Buffer.from([0, flags]), hex(v.hex)]));
}
