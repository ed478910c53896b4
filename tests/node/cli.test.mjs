// The command line (wasm/cli/main.mjs) run as a subprocess: exit codes, stdout, stderr, for good
// and bad input of every kind, and agreement with the golden vectors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { loadGolden, hexToBytes } from './helpers.mjs';
import { formatLiteral, LITERAL_FORMATS, formatJsonLine } from '../../wasm/text/literals.js';
import { main, wantsColor } from '../../wasm/cli/main.mjs';

const MAIN = fileURLToPath(new URL('../../wasm/cli/main.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cv-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// The program as a subprocess; stdin: bytes or text to write, or stdinFile: a path to give as stdin
// (/dev/zero). A run that takes over 20 s is killed (code null): an input read without bound.
function cli(args, { stdin, stdinFile, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [MAIN, ...args], {
      env: { ...process.env, NO_COLOR: '', ...env },
      cwd: dir,
      stdio: [stdinFile ? openSync(stdinFile, 'r') : 'pipe', 'pipe', 'pipe'],
      timeout: 20_000,
    });
    const out = [];
    const err = [];
    p.stdout.on('data', (d) => out.push(d));
    p.stderr.on('data', (d) => err.push(d));
    p.on('error', reject);
    p.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
    p.stdin?.end(stdin ?? '');
  });
}

const RAFT = '000000010004726166740000';
let colorInProcess = false; // what main's io says about the terminal, for the in-process runs
const LEASE = { ...loadGolden('lease').vectors.find((v) => v.expect.record && v.hex.includes('80')), target: 'lease' };
const file = (name, bytes) => {
  writeFileSync(join(dir, name), bytes);
  return name;
};
// What the document must say for a golden vector, from golden/'s expectation (not from the codec
// under test): its record with the API's field names (golden/README.md), i64 values as the
// document's decimal strings; null for a vector that is an error.
const expected = (v, part) => {
  const r = v.expect.record;
  if (!r) return null;
  if (part === 'key') return { version: r.version, kind: r.kind, role: r.role, member: r.member };
  if (v.target === 'registration')
    return { version: r.version, kind: 'registration', member: r.member, registeredAt: r.registered_at };
  return {
    version: r.version,
    kind: 'lease',
    member: r.member,
    producerId: r.producer_id,
    producerEpoch: r.producer_epoch,
    grantedAt: r.granted_at,
    deadline: r.deadline,
  };
};

test('decode: a record -> exit 0, the exact document, nothing on stderr', async () => {
  const r = await cli(['decode', '--key', RAFT, '--value', LEASE.hex]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(doc), ['key', 'value', 'error']);
  assert.deepEqual(doc.key, { version: 0, kind: 'lease', role: 'raft', member: '' });
  assert.deepEqual(doc.value, expected(LEASE, 'value'));
  assert.equal(typeof doc.value.producerId, 'string', 'i64 as a decimal string');
  assert.equal(doc.error, null);
});

// In one process, through main(argv, io), the code the bin runs; the exit code main returns is the
// process's (the other tests run the real program).
async function cliInProcess(args, { stdin } = {}) {
  const out = [];
  const err = [];
  const io = {
    stdout: { write: (s) => out.push(s) },
    stderr: { write: (s) => err.push(s) },
    env: {},
    cwd: dir,
    color: colorInProcess,
    stdin: Readable.from([Buffer.from(stdin ?? [])]),
    readStdin: async () => new Uint8Array(typeof stdin === 'string' ? Buffer.from(stdin) : (stdin ?? [])),
  };
  const code = await main(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

// The documents of a JSON Lines output.
const jsonLines = (text) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

test('decode agrees with golden/key.json for every key vector: document, exit code, stderr', async () => {
  const vectors = loadGolden('key').vectors;
  for (const v of vectors) {
    const r = await cliInProcess(['decode', '--key', v.hex]);
    const doc = JSON.parse(r.stdout);
    if (v.expect.record) {
      assert.equal(r.code, 0, `${v.id}: ${r.stderr}`);
      assert.deepEqual(doc, { key: expected(v, 'key'), value: null, error: null }, v.id);
      assert.equal(r.stderr, '');
    } else {
      assert.equal(r.code, 1, v.id);
      const { code, offset, field } = doc.error;
      assert.deepEqual({ code, offset, field }, v.expect.error, v.id);
      assert.equal(doc.error.part, 'key');
      assert.equal(doc.key, null);
      assert.match(r.stderr, new RegExp(`${code} at offset ${offset} \\(${field.replace('.', '\\.')}\\)`), v.id);
    }
  }
  // The real program gives the same exit code and document, for a valid key and each error code.
  const byCode = new Map(vectors.map((v) => [v.expect.error?.code ?? 'valid', v]));
  await Promise.all(
    [...byCode.values()].map(async (v) => {
      const [real, inProcess] = [await cli(['decode', '--key', v.hex]), await cliInProcess(['decode', '--key', v.hex])];
      assert.deepEqual(real, inProcess, v.id);
    }),
  );
});

test('decode --jsonl agrees with every value vector of golden/ (registration, lease) under a key of its kind', async () => {
  const keys = { registration: '0000000000066c656164657200086d656d6265722d31', lease: RAFT };
  const vectors = ['registration', 'lease'].flatMap((t) => loadGolden(t).vectors.map((v) => ({ ...v, target: t })));
  const lines = vectors.map((v) =>
    formatJsonLine({ key: hexToBytes(keys[v.target]), value: v.hex === null ? null : hexToBytes(v.hex), partition: 0 }),
  );
  const r = await cliInProcess(['decode', '--jsonl', file('values.jsonl', lines.join('\n') + '\n')]);
  assert.equal(r.code, 1, 'some value vectors are errors');
  const docs = jsonLines(r.stdout);
  assert.equal(docs.length, vectors.length);
  for (const [i, v] of vectors.entries()) {
    const d = docs[i];
    assert.equal(d.line, i + 1);
    if (v.expect.error) {
      const { code, offset, field } = d.error;
      assert.deepEqual({ code, offset, field, part: d.error.part }, { ...v.expect.error, part: 'value' }, v.id);
    } else {
      assert.equal(d.error, null, v.id);
      assert.deepEqual(d.value, v.expect.record ? expected(v, 'value') : null, v.id);
    }
  }
  assert.equal(r.stderr.trimEnd().split('\n').length, vectors.filter((v) => v.expect.error).length);
});

test('decode --jsonl: bad lines are BAD_INPUT, the rest goes on; all good is exit 0; stdin', async () => {
  const good = formatJsonLine({ key: hexToBytes(RAFT), value: hexToBytes(LEASE.hex) });
  const r = await cliInProcess(['decode', '--jsonl', '-'], {
    stdin: `${good}\nnot json\n{"kind":"lease"}\n\n${good}\n`,
  });
  assert.equal(r.code, 1);
  const docs = jsonLines(r.stdout);
  assert.deepEqual(
    docs.map((d) => [d.line, d.error?.code ?? null]),
    [
      [1, null],
      [2, 'BAD_INPUT'],
      [3, 'BAD_INPUT'],
      [5, null],
    ],
  );
  assert.match(r.stderr, /line 2: BAD_INPUT/);
  const ok = await cliInProcess(['decode', '--jsonl', '-'], { stdin: `${good}\n${good}` });
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout.trimEnd().split('\n').length, 2);
});

test('decode --jsonl: a null or missing key is NULL_KEY (its value has no type), unless --target names one', async () => {
  const value = LEASE.hex + '00'; // TRAILING_BYTES as a lease
  const stdin = `{"key": null, "value": "${value}"}\n{"value": "${value}"}\n{"key": null, "value": null}\n`;
  const r = await cliInProcess(['decode', '--jsonl', '-'], { stdin });
  assert.equal(r.code, 1);
  const docs = jsonLines(r.stdout);
  assert.deepEqual(
    docs.map((d) => [d.line, d.key, d.value, d.error.code, d.error.part, d.error.field, d.error.offset]),
    [1, 2, 3].map((line) => [line, null, null, 'NULL_KEY', 'key', 'key', 0]),
  );
  assert.match(r.stderr, /line 1: key: NULL_KEY at offset 0 \(key\): the record has a null key/);
  const lease = await cliInProcess(['decode', '--jsonl', '-', '--target', 'lease'], { stdin });
  assert.deepEqual(
    jsonLines(lease.stdout).map((d) => d.error?.code ?? null),
    ['TRAILING_BYTES', 'TRAILING_BYTES', null],
  );
});

test('decode: bad bytes -> exit 1, the document on stdout, the message on stderr', async () => {
  const r = await cli(['decode', '--key', RAFT, '--value', LEASE.hex.slice(0, 28)]);
  assert.equal(r.code, 1);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.key, { version: 0, kind: 'lease', role: 'raft', member: '' });
  assert.equal(doc.value, null);
  assert.deepEqual(Object.keys(doc.error), ['code', 'offset', 'field', 'message', 'part']);
  assert.deepEqual([doc.error.code, doc.error.field, doc.error.part], ['TRUNCATED', 'lease.producer_id', 'value']);
  assert.match(r.stderr, /value: TRUNCATED at offset 12 \(lease\.producer_id\)/);
  // kcat's trailing newline gets its hint.
  const nl = await cli([
    'decode',
    '--key',
    `@${file('key.bin', Buffer.concat([hexToBytes(RAFT), Buffer.from('\n')]))}`,
  ]);
  assert.equal(nl.code, 1);
  assert.equal(JSON.parse(nl.stdout).error.code, 'TRAILING_BYTES');
  assert.match(nl.stderr, /hint: .*kcat/);
});

test('decode: input as hex, base64, literals, @file, stdin raw and stdin text all give the same record', async () => {
  const inputs = [
    [['--key', RAFT]],
    [['--key', 'AAAAAQAEcmFmdAAA']],
    ...LITERAL_FORMATS.map((f) => [['--key', formatLiteral(hexToBytes(RAFT), f)]]),
    [['--key', `@${file('raft.bin', hexToBytes(RAFT))}`]],
    [['--key', '-'], hexToBytes(RAFT)],
    [['--key', '-'], `${RAFT}\n`],
    [['--key', '-'], 'AAAAAQAEcmFmdAAA\n'],
  ];
  for (const [i, [args, stdin]] of inputs.entries()) {
    // stdin through a real pipe for the three stdin cases, in process for the rest
    const r = await (i >= inputs.length - 3 ? cli : cliInProcess)(['decode', ...args], { stdin });
    assert.equal(r.code, 0, `${args}: ${r.stderr}`);
    assert.equal(JSON.parse(r.stdout).key.role, 'raft', args.join(' '));
  }
  // The value from stdin, null and empty values (tombstones), a value target without a key.
  const v = await cliInProcess(['decode', '--key', RAFT, '--value', '-'], { stdin: hexToBytes(LEASE.hex) });
  assert.equal(JSON.parse(v.stdout).value.member, LEASE.expect.record.member);
  for (const value of ['null', '']) {
    const t = await cliInProcess(['decode', '--key', RAFT, '--value', value]);
    assert.equal(t.code, 0, t.stderr);
    assert.equal(JSON.parse(t.stdout).value, null);
  }
  const only = await cliInProcess(['decode', '--value', LEASE.hex, '--target', 'auto']);
  assert.equal(only.code, 0, only.stderr);
  assert.deepEqual(JSON.parse(only.stdout), { key: null, value: expected(LEASE, 'value'), error: null });
});

test('usage errors -> exit 2, a message on stderr, nothing on stdout', async () => {
  const cases = [
    [[]],
    [['frobnicate']],
    [['decode']],
    [['decode', '--value', RAFT]],
    [['decode', '--key']],
    [['decode', '--key', RAFT, '--bogus']],
    [['decode', '--key', 'zz top']],
    [['decode', '--key', '00 0']],
    [['decode', '--key', '@no-such-file']],
    [['decode', '--key', 'null']],
    [['decode', '--key', RAFT, '--format', 'xml']],
    [['decode', '--key', RAFT, '--target', 'key']],
    [['decode', '--key', '-', '--value', '-']],
    [['decode', '--jsonl', 'missing.jsonl']],
    [['decode', '--jsonl', '-', '--key', RAFT]],
    [['encode', '--as', 'cobol', '--json', '{}']],
    [['encode', '--json', 'not json']],
    [['encode', '--json', '[1]']],
    [['encode'], 'nope'],
    [['inspect']],
    [['inspect', RAFT, RAFT]],
    [['inspect', RAFT, '--target', 'nope']],
    [['inspect', 'not bytes!']],
  ];
  for (const [args, stdin] of cases) {
    const r = await cliInProcess(args, { stdin });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout} ${r.stderr}`);
    assert.notEqual(r.stderr, '', args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
  // The real program: exit 2 and the same streams, for a few of them.
  await Promise.all(
    [cases[0], cases[1], cases[6], cases[15]].map(async ([args]) => {
      assert.deepEqual(await cli(args), await cliInProcess(args), args.join(' '));
    }),
  );
});

test('--help for the program and each subcommand -> exit 0 on stdout', async () => {
  const top = await cli(['--help']);
  assert.equal(top.code, 0);
  for (const name of ['decode', 'encode', 'inspect']) {
    assert.match(top.stdout, new RegExp(`^  ${name} `, 'm'));
    const r = await cliInProcess([name, '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, new RegExp(`^Usage: coordination-viewer ${name}`));
    assert.match(r.stdout, /Exit codes/);
  }
  const v = await cli(['--version']);
  assert.match(v.stdout, /^\d+\.\d+\.\d+\n$/);
});

test('encode: JSON record -> every literal format; decode reads the output back', async () => {
  // golden/lease.json lease/valid/ascii: the record and its bytes.
  const golden = loadGolden('lease').vectors.find((v) => v.id === 'lease/valid/ascii');
  const lease = JSON.stringify({ kind: 'lease', ...expected({ ...golden, target: 'lease' }, 'value') });
  const expectHex = golden.hex;
  for (const as of LITERAL_FORMATS) {
    const r = await cliInProcess(['encode', '--json', lease, '--as', as]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, formatLiteral(hexToBytes(expectHex), as) + '\n', as);
    const back = await cliInProcess(['decode', '--key', RAFT, '--value', r.stdout.trim()]);
    assert.equal(JSON.parse(back.stdout).value.producerId, '4000', as);
  }
  const stdin = await cliInProcess(['encode'], { stdin: '{"kind":"lease","role":"raft"}' });
  assert.equal(stdin.stdout, `${RAFT}\n`);
  // decode's document encodes back: two lines, or one JSON Lines line.
  const doc = (await cliInProcess(['decode', '--key', RAFT, '--value', expectHex])).stdout;
  const two = await cliInProcess(['encode', '--json', doc]);
  assert.equal(two.stdout, `${RAFT}\n${expectHex}\n`);
  const line = await cliInProcess(['encode', '--json', doc, '--as', 'jsonl']);
  assert.equal(line.stdout, `{"key":"${RAFT}","value":"${expectHex}"}\n`);
  const tomb = await cliInProcess(['encode', '--json', `{"key":{"kind":"lease","role":"raft"},"value":null}`]);
  assert.equal(tomb.stdout, `${RAFT}\nnull\n`);
});

test('encode: a record that does not encode -> exit 1 with its error on stderr: code, offset, field', async () => {
  // Every refusal of golden/encode.json whose strings JSON can carry (not the raw UTF-8 ones).
  const camel = (k) => k.replace(/_(.)/g, (_, c) => c.toUpperCase());
  const refusals = loadGolden('encode').vectors.filter(
    (v) => v.expect.error && !JSON.stringify(v.record).includes('utf8_hex'),
  );
  assert.ok(refusals.length >= 15, 'the golden refusals');
  for (const v of refusals) {
    const record = Object.fromEntries(Object.entries(v.record).map(([k, x]) => [camel(k), x]));
    if (v.record_target !== 'key') record.kind = v.record_target;
    const r = await cliInProcess(['encode', '--json', JSON.stringify(record)]);
    const { code, offset, field } = v.expect.error;
    assert.equal(r.code, 1, v.id);
    assert.equal(r.stdout, '');
    assert.ok(r.stderr.startsWith(`coordination-viewer encode: ${code} at offset ${offset} (${field}): `), r.stderr);
  }
  // JSON that is no record: the words alone.
  for (const [json, re] of [
    ['{"kind":"registration","member":"m","registeredAt":1.5}', /registeredAt/],
    ['{"kind":"nope","role":"r"}', /kind/],
  ]) {
    const r = await cliInProcess(['encode', '--json', json]);
    assert.equal(r.code, 1, json);
    assert.match(r.stderr, re, json);
    assert.doesNotMatch(r.stderr, /undefined/, json);
  }
});

test('inspect: the field tree as JSON; exit 1 when nothing decodes', async () => {
  const r = await cliInProcess(['inspect', RAFT, '--target', 'key']);
  assert.equal(r.code, 0, r.stderr);
  const ins = JSON.parse(r.stdout);
  assert.deepEqual(
    ins.fields.map((f) => [f.path, f.offset, f.length]),
    [
      ['key.version', 0, 2],
      ['key.kind', 2, 2],
      ['key.role', 4, 6],
      ['key.member', 10, 2],
    ],
  );
  const auto = JSON.parse((await cliInProcess(['inspect', LEASE.hex])).stdout);
  assert.deepEqual(auto.matches, ['lease']);
  const bad = await cliInProcess(['inspect', '000000', '--target', 'key']);
  assert.equal(bad.code, 1);
  assert.equal(JSON.parse(bad.stdout).error.code, 'TRUNCATED');
  assert.match(bad.stderr, /TRUNCATED/);
  const none = await cliInProcess(['inspect', 'ff']);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /no target/);
});

test('--format tree: fields, offsets, a hex dump; colours only when asked for by a terminal', async () => {
  const r = await cli(['decode', '--key', RAFT, '--value', LEASE.hex.slice(0, 28), '--format', 'tree']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^key \(12 bytes, hex\) as key: valid$/m);
  assert.match(r.stdout, /^\s+4 {2}role\s+string\s+6 B {2}"raft"$/m);
  assert.match(r.stdout, /^\s+12 {2}producer_id\s+i64\s+\d+ B {2}\(incomplete\) {2}<- error$/m);
  const full = await cliInProcess(['decode', '--key', RAFT, '--value', LEASE.hex, '--format', 'tree']);
  assert.match(full.stdout, /granted_at\s+i64\s+8 B {2}1700000000000 \(2023-11-14T22:13:20\.000Z\)$/m);
  assert.match(r.stdout, /^ {2}00000000 {2}00 00 00 01 00 04 72 61 {2}66 74 00 00 {14}\|\.\.\.\.\.\.raft\.\.\|$/m);
  assert.match(r.stdout, /value \(14 bytes, hex\) as lease: TRUNCATED at offset 12 \(lease\.producer_id\)/);
  assert.doesNotMatch(r.stdout, /\x1b\[/, 'a pipe is not a terminal: no colours');
});

test('colours: on a terminal only, NO_COLOR respected; the tree paints the error red', async () => {
  assert.equal(wantsColor({ isTTY: true }, {}), true);
  assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '1' }), false);
  assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '' }), true);
  assert.equal(wantsColor({ isTTY: false }, {}), false);
  assert.equal(wantsColor({}, {}), false);
  colorInProcess = true;
  const r = await cliInProcess(['decode', '--key', RAFT, '--value', LEASE.hex.slice(0, 28), '--format', 'tree']);
  colorInProcess = false;
  assert.match(r.stdout, /\x1b\[31m.*TRUNCATED/);
  assert.match(r.stdout, /\x1b\[32mvalid/);
});

test('encode --corrupt: each variant with its expected error, which the decoder gives', async () => {
  const lease = '{"kind":"lease","member":"m-1","producerId":"4000","producerEpoch":3,"grantedAt":"0","deadline":"1"}';
  const r = await cliInProcess(['encode', '--json', lease, '--corrupt', '--as', 'python']);
  assert.equal(r.code, 0, r.stderr);
  const variants = jsonLines(r.stdout);
  assert.ok(variants.length >= 8);
  for (const v of variants) {
    assert.match(v.bytes, /^b'/);
    const d = await cliInProcess(['decode', '--value', v.bytes, '--target', 'lease']);
    assert.equal(d.code, 1, v.id);
    const { code, offset, field } = JSON.parse(d.stdout).error;
    assert.deepEqual({ code, offset, field }, v.expect, v.id);
  }
  assert.equal((await cliInProcess(['encode', '--json', lease, '--corrupt', '--as', 'jsonl'])).code, 2);
});

// Defect 4 of issue 21: @FILE and - were read whole, without bound (decode --key @/dev/zero reached
// 11 GB in 60 s; --jsonl - < /dev/zero and inspect @/dev/urandom never ended).
test('@FILE and - are read up to 64 KiB and one byte: more is exit 2 "too large", naming the argument', async () => {
  const limit = '65,536 bytes (64 KiB)';
  const cases = [
    [['decode', '--key', '@/dev/zero'], {}, `--key: @/dev/zero is too large: over ${limit}`],
    [['decode', '--key', RAFT, '--value', '@/dev/urandom'], {}, `--value: @/dev/urandom is too large: over ${limit}`],
    [['inspect', '@/dev/urandom'], {}, `--BYTES: @/dev/urandom is too large: over ${limit}`],
    [['decode', '--key', '-'], { stdinFile: '/dev/zero' }, `--key: stdin is too large: over ${limit}`],
    [['encode'], { stdinFile: '/dev/zero' }, `the record: stdin is too large: over ${limit}`],
  ];
  for (const [args, options, message] of cases) {
    const r = await cli(args, options);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.ok(
      r.stderr.startsWith(`coordination-viewer ${args[0]}: ${message}, the limit of a record's input`),
      r.stderr,
    );
  }
  // The limit itself: 65,536 bytes are read (and decode as far as they do), one more is refused.
  const big = file('big.bin', Buffer.concat([hexToBytes(RAFT), Buffer.alloc(65536 - 12)]));
  const at = await cliInProcess(['decode', '--key', `@${big}`]);
  assert.equal(at.code, 1, at.stderr);
  assert.equal(JSON.parse(at.stdout).error.code, 'TRAILING_BYTES');
  const over = await cliInProcess(['decode', '--key', `@${file('over.bin', Buffer.alloc(65537))}`]);
  assert.equal(over.code, 2);
  assert.match(over.stderr, /--key: @over\.bin is too large/);
});

test('decode --jsonl streams: each document as its line is read; a line over 8 MiB is exit 2 "too large"', async () => {
  const good = formatJsonLine({ key: hexToBytes(RAFT), value: null });
  const zero = await cli(['decode', '--jsonl', '-'], { stdinFile: '/dev/zero' });
  assert.equal(zero.code, 2, zero.stderr);
  assert.equal(zero.stdout, '');
  assert.equal(
    zero.stderr.split('\n')[0],
    'coordination-viewer decode: --jsonl: - is too large: line 1: over 8 MiB (8,388,608 bytes) without a newline; a record line is far shorter (is this a record input?)',
  );
  const devZero = await cli(['decode', '--jsonl', '/dev/zero']);
  assert.equal(devZero.code, 2);
  assert.match(devZero.stderr, /--jsonl: \/dev\/zero is too large: line 1: over 8 MiB/);
  // The lines before the long one are decoded and printed, then reading stops.
  const path = file('long.jsonl', Buffer.concat([Buffer.from(`${good}\n${good}\n`), Buffer.alloc(9 << 20, 0x20)]));
  const r = await cli(['decode', '--jsonl', path]);
  assert.equal(r.code, 2);
  assert.deepEqual(
    r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).line),
    [1, 2],
  );
  assert.match(r.stderr, /too large: line 3: over 8 MiB/);
});

test('a key that is several keys one after another (kcat -o -1 -f %k over partitions) gets a hint', async () => {
  const keys = [RAFT, '0000000000066c656164657200086d656d6265722d31', '0000000100066c65616465720000'];
  const r = await cli(['decode', '--key', '-'], { stdin: hexToBytes(keys.join('')) });
  assert.equal(r.code, 1);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual([doc.error.code, doc.error.offset, doc.error.field], ['TRAILING_BYTES', 12, 'key']);
  assert.match(
    r.stderr,
    /\n {2}hint: The bytes are 3 whole keys one after another \(the first ends at offset 12\)\. kcat -f '%k' \(or '%s'\) prints records with nothing between them: on a topic of several partitions, -o -1 gives the last record of each partition, run together\. Read one partition \(kcat -p N\)/,
  );
  // Values too; and bytes after a key that are not whole keys get no such hint.
  const values = await cliInProcess(['decode', '--key', RAFT, '--value', LEASE.hex + LEASE.hex]);
  assert.match(values.stderr, /hint: The bytes are 2 whole lease values one after another/);
  const torn = await cliInProcess(['decode', '--key', RAFT + keys[1].slice(0, 20)]);
  assert.equal(torn.code, 1);
  assert.doesNotMatch(torn.stderr, /hint/);
});

test('a reader that stops early (| head): the command ends quietly, exit 141 as by SIGPIPE, not an EPIPE stack or a wrong message', async () => {
  const lines = join(dir, 'many.jsonl');
  writeFileSync(lines, `${JSON.stringify({ key: RAFT, value: null })}\n`.repeat(50_000));
  for (const args of [
    ['decode', '--jsonl', lines],
    ['decode', '--jsonl', '-'],
  ]) {
    const r = await new Promise((resolve, reject) => {
      const p = spawn(process.execPath, [MAIN, ...args], {
        cwd: dir,
        stdio: [args.includes('-') ? openSync(lines, 'r') : 'ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
      const err = [];
      p.stderr.on('data', (d) => err.push(d));
      p.stdout.once('data', () => p.stdout.destroy()); // the first chunk read, the pipe closed
      p.on('error', reject);
      p.on('close', (code) => resolve({ code, stderr: Buffer.concat(err).toString() }));
    });
    assert.equal(r.code, 141, r.stderr);
    assert.equal(r.stderr, '');
  }
});
