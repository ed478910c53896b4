// The Diff tab's two records inspected under one target, with the full module (and the whole-topic
// module for a ProduceRequest): a chosen target, or "auto": the first target A decodes under, else
// the first B decodes under, else the one under which A (or B) read furthest. Both sides are read the
// same way: a diff of one record read as a lease and another read as a key says nothing.
import { BYTE_FORMATS, furthest } from '../formats/guess.js';
import { DIFF_TARGETS } from '../../lib/diff-targets.js';

const WHAT = Object.fromEntries(DIFF_TARGETS.map(([t, , what]) => [t, what]));
// Auto's order: the coordination records, then the byte formats the Diff tab reads in the viewer's
// own auto order (guess.js).
const AUTO_ORDER = ['key', 'registration', 'lease', ...BYTE_FORMATS.filter((f) => WHAT[f])];

/**
 * a, b: each side's bytes or null (nothing entered). logReady: the ProduceRequest module is loaded.
 * Returns { target, a, b (each side's inspection or null), why (auto's reason, or null) }.
 */
export function decodePair(codec, a, b, target, logReady) {
  const inspect = (bytes, t) => (bytes ? codec.inspect(bytes, t) : null);
  if (target !== 'auto') return { target, a: inspect(a, target), b: inspect(b, target), why: null };
  const tries = (bytes) =>
    AUTO_ORDER.filter((t) => t !== 'produce-request' || logReady).map((f) => ({ f, ins: codec.inspect(bytes, f) }));
  const triedA = a && tries(a);
  const okA = triedA?.find((t) => t.ins.ok);
  const triedB = !okA && b ? tries(b) : null;
  const okB = triedB?.find((t) => t.ins.ok);
  const pick = okA ?? okB ?? furthest(triedA ?? triedB);
  const what = WHAT[pick.f];
  let why;
  if (okA) why = `A decodes as ${what}${b ? '; B is read as the same' : ''}`;
  else if (okB)
    why = `${a ? 'A decodes as no format; ' : ''}B decodes as ${what}${a ? ', and A is read as the same' : ''}`;
  else
    why = `${a && b ? 'neither record decodes' : 'the record does not decode'} as any format; read as ${what}, under which ${triedA ? 'A' : 'B'} read furthest (to offset ${pick.ins.error.offset})`;
  return { target: pick.f, a: inspect(a, pick.f), b: inspect(b, pick.f), why: `Auto: ${why}.` };
}
