// The coordination-only module, wasm/dist/coordination_record.{js,wasm} (bindings.cpp built with
// CV_COORDINATION_ONLY), which the viewer page loads: the same JS API over it decodes, encodes and
// inspects the coordination records as the full module does, and each Kafka Streams entry point and
// the batch is a TypeError that names the build, not a failure inside the glue. And the inspect-only module,
// coordination_inspect (CV_INSPECT_ONLY too), which the <coordination-record> element ships: it
// inspects as the full module does, without the encoders and the batch.
//
// wasm/api/index.js is loaded again with its glue import redirected to coordination_record.js or
// coordination_inspect.js (a resolve hook, as web/vite.config.js does with an alias).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { codec as full, hexToBytes, loadGolden } from './helpers.mjs';

const hook = `export async function resolve(specifier, context, next) {
  const build = /[?]build=(record|inspect)$/.exec(String(context.parentURL));
  if (specifier === '../dist/coordination_codec.js' && build) specifier = \`../dist/coordination_\${build[1]}.js\`;
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const recordApi = await import('../../wasm/api/index.js?build=record');
const wasmBinary = readFileSync(new URL('../../wasm/dist/coordination_record.wasm', import.meta.url));
const codec = await recordApi.loadCodec({ wasmBinary });

// The message of the TypeError f throws (it must throw one).
function typeErrorMessage(f) {
  try {
    f();
  } catch (e) {
    assert.equal(e.name, 'TypeError');
    return e.message;
  }
  assert.fail('no error');
}

test('the two builds name themselves in their tables, which are the same but for the Kafka Streams parts', () => {
  assert.equal(codec.__boundary.tables.build, 'coordination_record');
  assert.equal(full.__boundary.tables.build, 'coordination_codec');
  const { build: _r, ...recordTables } = codec.__boundary.tables;
  const { build: _f, streamsCodes, streamsNames, streamsMeanings, layout, ...fullTables } = full.__boundary.tables;
  const { streams, node, ...fullLayout } = layout;
  // The Streams field paths are left out of the coordination-only build (nothing there names them).
  const streamsField = (path) => /^(subscription|assignment)\b/.test(path);
  assert.ok(fullTables.fields.some(streamsField));
  assert.deepEqual(recordTables, {
    ...fullTables,
    fields: fullTables.fields.filter((path) => !streamsField(path)),
    layout: fullLayout,
  });
  assert.ok(streams.words >= 0 && streamsNames.includes('prev_tasks') && streamsMeanings.length > 1);
  assert.ok(node.words > node.flags && node.complete > 0);
  assert.ok(streamsCodes.includes('UNKNOWN_TOPIC_INDEX'));
});

test('the coordination-only module exports four functions fewer: the Kafka Streams ones and the batch', () => {
  // (the export names are minified at -Oz; their count is what differs)
  const functions = (file) =>
    WebAssembly.Module.exports(
      new WebAssembly.Module(readFileSync(new URL(`../../wasm/dist/${file}`, import.meta.url))),
    ).filter((e) => e.kind === 'function').length;
  assert.equal(functions('coordination_record.wasm'), functions('coordination_codec.wasm') - 4);
});

test('coordination records: the same results as the full module', () => {
  const key = full.encodeKey({ kind: 'lease', role: 'payments-coördinator', member: '' });
  const lease = {
    kind: 'lease',
    member: 'worker-7',
    producerId: 4000n,
    producerEpoch: 3,
    grantedAt: 1700000000000n,
    deadline: 1700000030000n,
  };
  const value = codec.encodeValue(lease);
  assert.deepEqual(value, full.encodeValue(lease));
  assert.deepEqual(codec.decodeKey(key), full.decodeKey(key));
  assert.deepEqual(codec.decodeValue('lease', value), full.decodeValue('lease', value));
  assert.deepEqual(codec.inspect(value, 'auto'), full.inspect(value, 'auto'));
  const bad = hexToBytes('00000000012c41');
  assert.throws(
    () => codec.decodeKey(bad),
    (e) => {
      assert.throws(() => full.decodeKey(bad), {
        name: 'CoordinationError',
        code: e.code,
        offset: e.offset,
        field: e.field,
        message: e.message,
      });
      return e instanceof recordApi.CoordinationError;
    },
  );
});

test('every Kafka Streams entry point is a TypeError naming the build', () => {
  const subscription = hexToBytes(loadGolden('subscription').vectors[0].hex);
  const assignment = hexToBytes(loadGolden('assignment').vectors[0].hex);
  const names = (fn) => ({
    name: 'TypeError',
    message: new RegExp(`${fn.replace(/[()]/g, '\\$&')} is not in the coordination_record build .*coordination_codec`),
  });
  assert.throws(() => codec.decodeSubscription(subscription), names('decodeSubscription'));
  assert.throws(() => codec.decodeAssignment(assignment), names('decodeAssignment'));
  assert.throws(() => codec.inspect(subscription, 'subscription'), names("inspect(bytes, 'subscription')"));
  assert.throws(() => codec.inspect(assignment, 'assignment'), names("inspect(bytes, 'assignment')"));
  // the full module decodes the same bytes
  assert.equal(
    full.decodeSubscription(subscription).version,
    full.inspect(subscription, 'subscription').record.version,
  );
  assert.equal(full.inspect(assignment, 'assignment').target, 'assignment');
});

// The viewer page's bundle replaces wasm/api/streams-api.js with wasm/api/streams-absent.js (web/vite.config.js):
// its entry points throw what the decoders' own check throws in the coordination_record build.
test('streams-absent.js throws the errors of the Streams API in the coordination_record build', async () => {
  const { makeStreamsApi } = await import('../../wasm/api/streams-absent.js');
  const absent = makeStreamsApi();
  absent.bind(null, { build: 'coordination_record' });
  const bytes = hexToBytes(loadGolden('subscription').vectors[0].hex);
  assert.equal(
    typeErrorMessage(() => absent.decodeSubscription(bytes)),
    typeErrorMessage(() => codec.decodeSubscription(bytes)),
  );
  assert.equal(
    typeErrorMessage(() => absent.decodeAssignment(bytes)),
    typeErrorMessage(() => codec.decodeAssignment(bytes)),
  );
  for (const target of ['subscription', 'assignment'])
    assert.equal(
      typeErrorMessage(() => absent.inspect(bytes, target)),
      typeErrorMessage(() => codec.inspect(bytes, target)),
    );
  assert.deepEqual(absent.targets, ['subscription', 'assignment']);
});

// The batch is the full module's only: over the coordination-only module validateBatch is a
// TypeError naming the build, and the viewer page's stand-in (wasm/api/batch-absent.js, which
// web/vite.config.js puts in place of codec-batch.js) throws the same.
test('validateBatch is a TypeError naming the build, from the API and from batch-absent.js alike', async () => {
  const frames = new Uint8Array([0, 0, 0, 1, 0]);
  const message = typeErrorMessage(() => codec.validateBatch(frames, 'key'));
  assert.match(message, /validateBatch is not in the coordination_record build .*coordination_codec/);
  const { makeBatch } = await import('../../wasm/api/batch-absent.js');
  const absent = makeBatch({ tables: { build: 'coordination_record' } });
  assert.equal(
    typeErrorMessage(() => absent.validateBatch(frames, 'key')),
    message,
  );
  // the full module counts the same frames
  assert.equal(full.validateBatch(frames, 'key').records, 1);
});

test('the inspect-only module inspects as the full module does, without the encoders and the batch', async () => {
  const inspectApi = await import('../../wasm/api/index.js?build=inspect');
  const inspectOnly = await inspectApi.loadCodec({
    wasmBinary: readFileSync(new URL('../../wasm/dist/coordination_inspect.wasm', import.meta.url)),
  });
  assert.equal(inspectOnly.__boundary.tables.build, 'coordination_inspect');
  for (const target of ['key', 'registration', 'lease']) {
    for (const v of loadGolden(target).vectors) {
      const bytes = hexToBytes(v.hex);
      assert.deepEqual(inspectOnly.inspect(bytes, target), full.inspect(bytes, target), `${target} ${v.id}`);
      assert.deepEqual(inspectOnly.inspect(bytes, 'auto'), full.inspect(bytes, 'auto'), `auto ${v.id}`);
    }
  }
  // Six functions fewer than coordination_record: three encoders, two refusals and the per-record
  // decode.
  const functions = (file) =>
    WebAssembly.Module.exports(
      new WebAssembly.Module(readFileSync(new URL(`../../wasm/dist/${file}`, import.meta.url))),
    ).filter((e) => e.kind === 'function').length;
  assert.equal(functions('coordination_inspect.wasm'), functions('coordination_record.wasm') - 6);
});
