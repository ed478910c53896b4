// inspect(): one crossing (inspect) per target; the core decodes once and returns the flat
// node list (pre-order, parent indices), the error and warnings as JSON text, and leaves the
// record in the result block. The nodes are nested here, once: the public tree (index.d.ts
// FieldNode) is nested. Kafka Streams targets go to streams-api.js, a ProduceRequest to the
// whole-topic module.
import { TA_LENGTH, requireLogApi } from './boundary.js';
import { bytesOrNull } from './codec-decode.js';
import { INSPECT_ONLY } from './codec-inspect-only.js';

export const TARGETS = ['key', 'registration', 'lease'];

export function makeInspect(cx, streams) {
  const inst = cx.inst;
  // The core's inspection of n bytes at p as parsed JSON, or null for an unknown target.
  function inspectRaw(t, p, n, present) {
    if (cx.entry.inspect(t, p, n, present ? 1 : 0) !== 0) return null;
    return cx.outputJson();
  }

  function inspectOne(bytes, t) {
    const target = TARGETS[t];
    const present = bytes !== null;
    const n = present ? TA_LENGTH.call(bytes) : 0;
    const p = present ? inst.copyIn(bytes, n) : inst.scratchFor(1);
    const raw = inspectRaw(t, p, n, present);
    if (raw === null) throw new TypeError('coordination-viewer: unknown target');
    const record = raw.record ? (t === 0 ? cx.keyRecord(p) : cx.valueRecord(t, p)) : null;
    const error = raw.error;
    return {
      target,
      tombstone: raw.tombstone,
      ok: error === null,
      fields: cx.nestFieldsAt(raw.fields, p),
      error,
      warnings: raw.warnings,
      record,
      size: n,
    };
  }

  function inspect(input, target) {
    const bytes = bytesOrNull(input, 'inspect: bytes');
    if (target === 'auto') {
      const candidates = [0, 1, 2].map((t) => inspectOne(bytes, t));
      return {
        target: 'auto',
        matches: candidates.filter((c) => c.ok).map((c) => c.target),
        candidates,
      };
    }
    if (!INSPECT_ONLY && streams.targets.includes(target)) return streams.inspect(bytes, target);
    if (!INSPECT_ONLY && target === 'produce-request') return requireLogApi('inspect').inspect(input, target);
    const t = TARGETS.indexOf(target);
    if (t < 0)
      throw new TypeError(
        "inspect: target must be 'key', 'registration', 'lease', 'subscription', 'assignment', 'produce-request' or 'auto'",
      );
    return inspectOne(bytes, t);
  }

  return { inspect, inspectRaw };
}
