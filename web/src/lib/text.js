// Text helpers of the rendering (no UI here): which code points are shown as escapes, i64
// timestamps as ISO-8601 and relative words, bytes as hex.
// Which code points show as escapes, and a string's plain-text form (for attributes, screen-reader
// announcements and SVG text; VisibleString.jsx marks the same escapes in the page): the API's, which
// the command line's text shares.
export { specialKind, escapeOf, PRINTABLE, visibleText } from '../../../wasm/api/visible-text.js';

const MAX_DATE_MS = 8640000000000000n;

export function isoOf(ms) {
  if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS) return null;
  return new Date(Number(ms)).toISOString();
}

function span(ms) {
  const a = ms < 0n ? -ms : ms;
  const s = a / 1000n;
  if (s < 60n) return `${s} s`;
  if (s < 3600n) return `${s / 60n} min`;
  if (s < 86400n) return `${s / 3600n} h`;
  if (s < 86400n * 365n) return `${s / 86400n} d`;
  return `${s / (86400n * 365n)} y`;
}

/** Words for a timestamp relative to now, per field: "expires in 12 s", "registered 5 min ago". */
export function relative(name, ms, nowMs) {
  const d = ms - nowMs;
  const future = d > 0n;
  const t = span(d);
  if (name === 'deadline') return future ? `expires in ${t}` : `expired ${t} ago`;
  if (name === 'granted_at') return future ? `granted in ${t} (in the future)` : `granted ${t} ago`;
  if (name === 'registered_at') return future ? `registered in ${t} (in the future)` : `registered ${t} ago`;
  return future ? `in ${t}` : `${t} ago`;
}

export const TIMESTAMPS = new Set(['registered_at', 'granted_at', 'deadline']);

/** A count with its noun, singular for exactly one: '1 error', '2 errors', plural(3, 'anomaly', 'anomalies'). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${String(n) === '1' ? one : many}`;
}

export function hex(bytes, sep = ' ') {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (i ? sep : '') + (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}
