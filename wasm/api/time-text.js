// Timestamps and lease countdowns as text, for people: the CLI's outputs (state's table, decode's
// tree) and the viewer's topic table. Plain functions, no DOM.

const MAX_DATE_MS = 8_640_000_000_000_000; // the largest time a Date holds (±100,000,000 days)

/** Epoch milliseconds (number or bigint) as ISO 8601 UTC text, or null outside what a Date holds. */
export function utcText(ms) {
  const n = Number(ms);
  return n >= -MAX_DATE_MS && n <= MAX_DATE_MS ? new Date(n).toISOString() : null;
}

/** A duration in ms as "3 h 02 m", "1 m 05 s", "12 s", "1112 d 17 h": whole seconds, the two largest units. */
export function durationText(ms) {
  const s = Math.floor(Math.abs(Number(ms)) / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, '0');
  return d ? `${d} d ${pad(h)} h` : h ? `${h} h ${pad(m)} m` : m ? `${m} m ${pad(s % 60)} s` : `${s % 60} s`;
}

/**
 * "in 1 m 05 s" / "expired 3 h 02 m ago" for a deadline at `now` (epoch ms, numbers or bigints):
 * "in 1112 d 17 h" for a far one. At the deadline a lease is expired (the fold's rule: now >= deadline).
 */
export function countdown(deadline, now) {
  const ms = Number(deadline) - Number(now);
  const text = durationText(ms);
  return ms > 0 ? `in ${text}` : `expired ${text} ago`;
}
