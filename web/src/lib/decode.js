// From parsed key and value bytes to the two inspections shown, for the viewer and the embed alike.

// Text and files over INPUT_LIMIT (64 KiB) are refused, never parsed or decoded: the page stays
// responsive, and a link or an attribute cannot make it hang. The same limit as the CLI's.
export { INPUT_LIMIT } from '../../../wasm/text/hex-base64.js';

/** The value targets a user can choose, besides 'from-key' (the key's kind) and 'auto'. */
export const TARGETS = ['key', 'registration', 'lease'];

// The codec reports bad bytes as values; anything it throws is a bug (or a wasm trap). It must not
// blank the page: it becomes a failure the card shows, and the inputs stay usable.
export function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    return { failure: String(e?.message ?? e) };
  }
}

/** The key's inspection, or null when there is no key to decode. */
export function inspectKey(codec, keyBytes, keyText) {
  return codec && keyBytes && keyText.trim() !== '' ? attempt(() => codec.inspect(keyBytes, 'key')) : null;
}

/**
 * The target the value is decoded under and a note saying why: the key's kind when the key decodes
 * ('from-key'), else every target ('auto').
 */
export function valueTarget(target, keyIns) {
  if (target !== 'from-key') return { target, note: null };
  if (keyIns?.ok) return { target: keyIns.record.kind, note: `Decoded under the key's kind: ${keyIns.record.kind}.` };
  return {
    target: 'auto',
    note: "The key does not decode, so the value's kind is unknown: every target is tried (auto).",
  };
}

/** The value's inspection (valBytes null: a null tombstone; undefined: nothing to decode). */
export function inspectValue(codec, valBytes, target) {
  return codec && valBytes !== undefined ? attempt(() => codec.inspect(valBytes, target)) : null;
}

/** Of an 'auto' result, the candidate shown: the one picked, else the first that parses, else the one that got furthest. */
export function shownCandidate(result, pick) {
  if (!result || result.target !== 'auto') return result;
  const best =
    result.candidates.find((c) => c.ok) ??
    [...result.candidates].sort((a, b) => (b.error?.offset ?? 0) - (a.error?.offset ?? 0))[0];
  return result.candidates.find((c) => c.target === pick) ?? best;
}
