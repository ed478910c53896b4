// Argument handling shared by the subcommands: option parsing (node:util parseArgs, strict), and
// reading a BYTES argument (hex, base64 or any input format; @FILE raw bytes; - stdin).
import { parseArgs } from 'node:util';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { INPUT_LIMIT, parseInput, parseOptionsFor, detectUpload } from '../text/input-formats.js';

// A BYTES argument read from a file or stdin is at most the viewer's limit of a file or a text,
// 64 KiB: far more than a record (a key is at most 518 bytes, a value 285), so that a record with
// bytes after it still reads and gets its error and hint (TRAILING_BYTES, several keys run
// together), and room for any text format of one. At most one byte more is read, never the rest
// (@/dev/zero, a large file).
export const ARGUMENT_LIMIT = INPUT_LIMIT;

/** A usage error: exit code 2, the message on stderr. */
export class UsageError extends Error {}

/** parseArgs with strict options; its errors become UsageErrors. */
export function parseOptions(argv, options, allowPositionals = false) {
  try {
    return parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      allowPositionals,
      strict: true,
    });
  } catch (e) {
    throw new UsageError(e.message);
  }
}

/** Requires `value` to be one of `allowed`. */
export function oneOf(name, value, allowed) {
  if (!allowed.includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value;
}

/**
 * The bytes of a BYTES argument: `-` reads stdin (raw bytes, or text in an input format, detected
 * as the viewer does for an uploaded file), `@FILE` reads a file's raw bytes, anything else is text
 * in an input format (hex, base64, a literal...). `null` (for a value) is no value: null.
 * Returns { bytes: Uint8Array | null, source }; text that is no format is a UsageError.
 */
export async function readBytesArg(arg, { io, codec, part, name }) {
  const options = parseOptionsFor(codec, part);
  if (arg === '-') {
    const u = detectUpload(withinLimit(await io.readStdin(ARGUMENT_LIMIT), `--${name}`, 'stdin'), options);
    return {
      bytes: u.parsed?.isNull && u.reading === 'text' ? null : u.bytes,
      source: `stdin, read as ${u.reading === 'text' ? `text (${u.parsed.format})` : 'raw bytes'}`,
    };
  }
  if (arg.startsWith('@')) {
    let bytes;
    try {
      bytes = await readHead(resolve(io.cwd, arg.slice(1)), ARGUMENT_LIMIT + 1);
    } catch (e) {
      throw new UsageError(`--${name}: cannot read ${arg.slice(1)}: ${e.code ?? e.message}`);
    }
    return { bytes: withinLimit(bytes, `--${name}`, arg), source: `file ${arg.slice(1)}` };
  }
  if (arg === 'null' && part === 'value') return { bytes: null, source: 'null' };
  const r = parseInput(arg, 'auto', options);
  if (!r.ok) throw new UsageError(`--${name}: ${r.error.message}`);
  return { bytes: r.isNull ? null : r.bytes, source: r.format };
}

/** The first `max` bytes of a file (all of it when shorter): a device or a pipe is read no further. */
export async function readHead(path, max) {
  const file = await open(path, 'r');
  try {
    const buf = new Uint8Array(max);
    let n = 0;
    for (let r; n < max && (r = await file.read(buf, n, max - n, null)).bytesRead > 0;) n += r.bytesRead;
    return buf.subarray(0, n);
  } finally {
    await file.close();
  }
}

/** `bytes` (read with one byte more than ARGUMENT_LIMIT), or a UsageError naming the argument and the limit. */
export function withinLimit(bytes, argument, source) {
  if (bytes.length <= ARGUMENT_LIMIT) return bytes;
  throw new UsageError(
    `${argument}: ${source} is too large: over ${ARGUMENT_LIMIT.toLocaleString('en-US')} bytes (64 KiB), the limit of a record's input read from a file or stdin (a key is at most 518 bytes, a value 285)`,
  );
}
