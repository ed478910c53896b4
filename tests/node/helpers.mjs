// Shared helpers for the Node tests of the JS API (wasm/api/index.js).
import { readFileSync, existsSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const GOLDEN = new URL('../../golden/', import.meta.url);
const DIST_WASM = new URL('../../wasm/dist/coordination_codec.wasm', import.meta.url);

if (!existsSync(DIST_WASM)) {
  throw new Error('wasm/dist/coordination_codec.wasm is missing: run `npm run build:wasm` first');
}

export const api = await import('../../wasm/api/index.js');
export const codec = await api.loadCodec();

export function hexToBytes(hex) {
  if (hex === null) return null;
  return new Uint8Array(Buffer.from(hex, 'hex'));
}
export function bytesToHex(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function loadGolden(name) {
  return JSON.parse(readFileSync(new URL(`${name}.json`, GOLDEN), 'utf8'));
}

// A golden string field: a JSON string, or {utf8_hex} (bytes that may not be UTF-8). Returns the JS
// string that holds exactly those code points, a surrogate code point (ED A0..BF xx, generalized
// UTF-8) as a lone surrogate unit, or undefined when no JS string can: bytes that are not such
// UTF-8 (e.g. C0 80), or a high surrogate followed by a low one, which JS would pair into one
// character (the API would write it as 4 bytes). Checked here from the bytes themselves, with no
// encoder: the golden bytes are the oracle of what the API writes.
export function goldenString(v) {
  if (typeof v === 'string') return v;
  const b = Buffer.from(v.utf8_hex, 'hex');
  let s = '';
  let previous = -1;
  for (let i = 0; i < b.length;) {
    const c = b[i];
    let cp, n;
    if (c < 0x80) {
      cp = c;
      n = 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
      cp = c & 0x1f;
      n = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      cp = c & 0x0f;
      n = 3;
    } else if (c >= 0xf0 && c <= 0xf4) {
      cp = c & 0x07;
      n = 4;
    } else return undefined;
    if (i + n > b.length) return undefined;
    for (let j = 1; j < n; j++) {
      if ((b[i + j] & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (b[i + j] & 0x3f);
    }
    const min = [0, 0, 0x80, 0x800, 0x10000][n];
    if (cp < min || cp > 0x10ffff) return undefined;
    if (previous >= 0xd800 && previous <= 0xdbff && cp >= 0xdc00 && cp <= 0xdfff) return undefined;
    s += String.fromCodePoint(cp);
    previous = cp;
    i += n;
  }
  return s;
}

// golden record (snake_case, i64 decimal strings) -> the API's record shape.
export function apiRecord(target, r) {
  switch (target) {
    case 'key':
      return { version: 0, kind: r.kind, role: r.role, member: r.member };
    case 'registration':
      return { version: 0, kind: 'registration', member: r.member, registeredAt: BigInt(r.registered_at) };
    case 'lease':
      return {
        version: 0,
        kind: 'lease',
        member: r.member,
        producerId: BigInt(r.producer_id),
        producerEpoch: r.producer_epoch,
        grantedAt: BigInt(r.granted_at),
        deadline: BigInt(r.deadline),
      };
    default:
      throw new Error(`unknown target ${target}`);
  }
}

// Runs the API's decoder for a target: record, null (tombstone) or a thrown error.
export function decode(target, bytes) {
  return target === 'key' ? codec.decodeKey(bytes) : codec.decodeValue(target, bytes);
}

export function outcome(fn) {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

/** A stream for a CLI's run(argv, io) to write to; text() is what it wrote, as UTF-8. */
export function outputSink() {
  const chunks = [];
  return {
    stream: new Writable({
      write(c, _e, cb) {
        chunks.push(Buffer.from(c));
        cb();
      },
    }),
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/**
 * Runs a CLI's run(argv, io) (wasm/cli/*.mjs) in process: stdin given (a PassThrough is ended
 * here) or empty. Resolves to { code, stdout, stderr }, the output as UTF-8.
 */
export async function runCommand(command, argv, stdin = new PassThrough()) {
  const stdout = outputSink();
  const stderr = outputSink();
  if (stdin instanceof PassThrough) stdin.end();
  const code = await command(argv, { stdout: stdout.stream, stderr: stderr.stream, stdin });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** A Uint8Array subclass whose length, subarray and species lie: the API must read it through its internal slots. */
export class LyingBytes extends Uint8Array {
  get length() {
    return 2 ** 40;
  }
  subarray() {
    throw new Error("subarray called on the caller's bytes");
  }
  static get [Symbol.species]() {
    throw new Error('species read');
  }
}

/** The bytes b in each form the API takes (each must decode as the plain array does). */
export const BYTE_FORMS = {
  plain: (b) => b.slice(),
  buffer: (b) => Buffer.from(b),
  arrayBuffer: (b) => b.slice().buffer,
  otherRealm: (b) => vm.runInNewContext(`Uint8Array.from(${JSON.stringify([...b])})`),
  shared: (b) => {
    const s = new Uint8Array(new SharedArrayBuffer(b.length));
    s.set(b);
    return s;
  },
  offset: (b) => {
    const o = new Uint8Array(b.length + 5);
    o.set(b, 5);
    return o.subarray(5);
  },
  lying: (b) => {
    const l = new LyingBytes(b.length);
    l.set(b);
    return l;
  },
};
