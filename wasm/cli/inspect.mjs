// coordination-viewer inspect: the codec's field tree (inspect()) of some bytes, as JSON.
import { loadCodec, toJSON } from '../api/index.js';
import { UsageError, parseOptions, oneOf, readBytesArg } from './args.mjs';

export const summary = 'the field tree of some bytes (offsets, lengths, values, error, warnings) as JSON';

const USAGE = `Usage: coordination-viewer inspect BYTES [--target key|registration|lease|auto]

Prints the codec's inspect() result as JSON (i64 as decimal strings): the fields in wire order
with offset, length, value and children, the error, the warnings, the record. With --target auto
(the default) one inspection per target, and the targets that decode.

BYTES: hex, base64 or any input format of the viewer, @FILE (raw bytes), - (stdin).

Exit codes: 0 the bytes decode (as some target, for auto); 1 they do not; 2 usage error.`;

export async function run(argv, io) {
  const { values, positionals } = parseOptions(argv, { target: { type: 'string', default: 'auto' } }, true);
  if (values.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  const target = oneOf('target', values.target, ['key', 'registration', 'lease', 'auto']);
  if (positionals.length !== 1) throw new UsageError(`expected one BYTES argument, got ${positionals.length}`);
  const codec = await loadCodec();
  const part = target === 'key' ? 'key' : target === 'auto' ? undefined : 'value';
  const { bytes } = await readBytesArg(positionals[0], { io, codec, part, name: 'BYTES' });
  const result = codec.inspect(bytes, target);
  io.stdout.write(toJSON(result, 2) + '\n');
  const ok = target === 'auto' ? result.matches.length > 0 : result.ok;
  if (!ok) {
    const e = target === 'auto' ? null : result.error;
    io.stderr.write(
      `coordination-viewer inspect: ${e ? `${e.code} at offset ${e.offset} (${e.field}): ${e.message}` : 'the bytes decode as no target'}\n`,
    );
  }
  return ok ? 0 : 1;
}
