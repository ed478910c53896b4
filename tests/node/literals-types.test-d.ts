// Type-level tests of wasm/text/input-formats.d.ts and wasm/text/literals.d.ts through the package's
// "exports" subpaths (tsc --noEmit, run from literals-types.test.mjs).
import { loadCodec } from 'coordination-viewer';
import {
  parseInput,
  parseOptionsFor,
  detectUpload,
  errorHint,
  type ParseResult,
} from 'coordination-viewer/input-formats';
import {
  formatLiteral,
  formatJsonLine,
  corruptVariants,
  LITERAL_FORMATS,
  type LiteralFormat,
} from 'coordination-viewer/literals';

async function main(): Promise<void> {
  const codec = await loadCodec();
  const r: ParseResult = parseInput('00 01', 'auto', parseOptionsFor(codec, 'key'));
  if (r.ok) {
    const b: Uint8Array = r.bytes;
    const f: string = formatLiteral(b, 'rust-bytes');
    void f;
  } else {
    const at: number = r.error.index;
    void at;
  }
  // @ts-expect-error not an input format
  parseInput('00', 'cobol');
  // @ts-expect-error not a literal format
  formatLiteral(new Uint8Array(0), 'cobol');
  const u = detectUpload(new Uint8Array(0));
  const reading: 'raw' | 'text' = u.reading;
  const hint = errorHint(u.bytes, { code: 'TRAILING_BYTES', offset: 0 });
  const fixed: Uint8Array | undefined = hint?.fixed;
  const line: string = formatJsonLine({ key: u.bytes, value: null, offset: 5n });
  const formats: LiteralFormat[] = LITERAL_FORMATS;
  for (const v of corruptVariants(codec, u.bytes, 'key')) {
    const code: 'TRUNCATED' | string = v.expect.code;
    void code;
  }
  (void reading, fixed, line, formats);
}
void main;
