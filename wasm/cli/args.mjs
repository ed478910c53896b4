// Argument handling shared by the subcommands: option parsing (node:util parseArgs, strict), and
// reading a BYTES argument (hex, base64 or any input format; @FILE raw bytes; - stdin).
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseInput, parseOptionsFor, detectUpload } from '../input-formats.js';

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
    const u = detectUpload(await io.readStdin(), options);
    return {
      bytes: u.parsed?.isNull && u.reading === 'text' ? null : u.bytes,
      source: `stdin, read as ${u.reading === 'text' ? `text (${u.parsed.format})` : 'raw bytes'}`,
    };
  }
  if (arg.startsWith('@')) {
    const path = resolve(io.cwd, arg.slice(1));
    try {
      return { bytes: new Uint8Array(await readFile(path)), source: `file ${arg.slice(1)}` };
    } catch (e) {
      throw new UsageError(`--${name}: cannot read ${arg.slice(1)}: ${e.code ?? e.message}`);
    }
  }
  if (arg === 'null' && part === 'value') return { bytes: null, source: 'null' };
  const r = parseInput(arg, 'auto', options);
  if (!r.ok) throw new UsageError(`--${name}: ${r.error.message}`);
  return { bytes: r.isNull ? null : r.bytes, source: r.format };
}
