// The timeline picture's geometry (components/topic/TimelinePicture.jsx), without the DOM: the
// lanes' heights and which are in view, the time axis' ticks, and which records are drawn at a zoom
// (those in the window, the ones starting in the same pixel merged into one drawn span).
// The picture's columns: lib/timeline-columns.js.

export const LEASE_ROW = 22; // px: a role's lease row
export const MEMBER_ROW = 12; // px: each registration row under it (a bar of MEMBER_ROW - 3)
export const LANE_GAP = 8; // px between roles
export const MAX_MEMBER_ROWS = 8; // registration rows drawn per role; the rest are counted in the label

/** The keys of role r: { lease: key index or -1, members: [key indices], hidden: members not drawn }. */
export function laneKeys(P, r) {
  const from = r === 0 ? 0 : P.keyEnd[r - 1];
  const to = P.keyEnd[r];
  const lease = from < to && P.keyLease[from] ? from : -1;
  const first = lease < 0 ? from : from + 1;
  const shown = Math.min(to - first, MAX_MEMBER_ROWS);
  return { lease, members: Array.from({ length: shown }, (_, i) => first + i), hidden: to - first - shown };
}

/** The height of role r's lane, px. */
export function laneHeight(P, r) {
  const from = r === 0 ? 0 : P.keyEnd[r - 1];
  const to = P.keyEnd[r];
  const members = to - from - (from < to && P.keyLease[from] ? 1 : 0);
  return LEASE_ROW + Math.min(members, MAX_MEMBER_ROWS) * MEMBER_ROW + LANE_GAP;
}

/** The tops of the lanes of `rows` (the table's rows: role indexes) one after another, and the total height after the last. */
export function laneTops(P, rows) {
  const tops = new Float64Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) tops[i + 1] = tops[i] + laneHeight(P, rows[i]);
  return tops;
}

/** The first lane i with tops[i + 1] > y (binary search; tops ascending). */
export function laneAt(tops, y) {
  let lo = 0;
  let hi = tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid + 1] > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The records of key k (its range of entries), or of no key. */
export function keyEntries(P, k) {
  return k < 0 ? [0, 0] : [k === 0 ? 0 : P.entryEnd[k - 1], P.entryEnd[k]];
}

/**
 * The records of key k drawn in the window [t0, t1] at `x(t)` px: [{ e, count, x0, x1, mixed }]
 * in time order, where records that start in the same pixel as the one drawn before them are
 * merged into it (count of them, mixed: of several holders or members), so a row draws at most
 * one span per pixel of width whatever its number of records. A record without a known time is
 * not drawn.
 */
export function drawnSpans(P, k, t0, t1, x) {
  const [from, to] = keyEntries(P, k);
  // The first record reaching into the window (reach: the latest end so far, ascending).
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (P.reach[mid] >= t0) hi = mid;
    else lo = mid + 1;
  }
  const out = [];
  let last = null;
  // Clamped a pixel outside the window: whatever starts before it is merged at its left edge.
  const left = x(t0) - 1;
  const right = x(t1) + 1;
  for (let e = lo; e < to && P.start[e] <= t1; e++) {
    if (Number.isNaN(P.start[e]) || P.end[e] < t0) continue;
    const x0 = Math.max(left, x(P.start[e]));
    const x1 = Math.min(right, x(P.end[e]));
    if (last && Math.floor(x0) <= Math.floor(last.x0)) {
      last.count++;
      last.x1 = Math.max(last.x1, x1);
      last.mixed ||= P.who[e] !== P.who[last.e] || P.value[e] !== P.value[last.e];
    } else {
      last = { e, count: 1, x0, x1, mixed: false };
      out.push(last);
    }
  }
  return out;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Tick steps up to a week (ms), then months and years (calendar steps, counted in months).
const STEPS = [
  1,
  2,
  5,
  10,
  20,
  50,
  100,
  200,
  500,
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];
const MONTH_STEPS = [1, 3, 6, 12, 24, 60, 120, 240, 600, 1200, 2400, 6000, 12000, 24000, 60000, 120000];
const MAX_DATE = 8.64e15; // the range of a Date (ms)

const iso = (t) => new Date(t).toISOString();

/** A tick's text for a step: the coarser the step, the shorter (UTC). */
function tickLabel(t, step, months) {
  if (Math.abs(t) > MAX_DATE) return `${t} ms`;
  const s = iso(t);
  if (months >= 12) return s.slice(0, s.indexOf('-', 1));
  if (months) return s.slice(0, s.indexOf('-', 1) + 3);
  if (step >= DAY) return s.slice(0, s.indexOf('T'));
  const clock = s.slice(s.indexOf('T') + 1, -1);
  // A day's first tick says the day.
  if (t % DAY === 0) return s.slice(0, s.indexOf('T'));
  if (step >= MINUTE) return clock.slice(0, 5);
  if (step >= SECOND) return clock.slice(0, 8);
  return clock;
}

/**
 * Ticks of a time axis over [t0, t1] (epoch ms), at most about `most` of them: a round step
 * (1 ms ... 7 days, then 1 month ... years on calendar boundaries, UTC). Returns { step (ms, or
 * months * 30 days for calendar steps), ticks: [{ t, label }] }.
 */
export function timeTicks(t0, t1, most) {
  const span = Math.max(t1 - t0, 1);
  const want = span / Math.max(1, most);
  const step = STEPS.find((s) => s >= want);
  const ticks = [];
  if (step !== undefined) {
    for (let t = Math.ceil(t0 / step) * step; t <= t1 && ticks.length <= most * 2; t += step)
      ticks.push({ t, label: tickLabel(t, step, 0) });
    return { step, ticks };
  }
  const months = MONTH_STEPS.find((m) => m * 30 * DAY >= want) ?? MONTH_STEPS.at(-1);
  if (Math.abs(t0) <= MAX_DATE && Math.abs(t1) <= MAX_DATE) {
    const d = new Date(t0);
    let m = d.getUTCFullYear() * 12 + d.getUTCMonth();
    m = Math.ceil(m / months) * months;
    for (; ticks.length <= most * 2; m += months) {
      const t = Date.UTC(Math.floor(m / 12), m % 12, 1);
      if (t > t1 || !Number.isFinite(t)) break;
      if (t >= t0) ticks.push({ t, label: tickLabel(t, 0, months) });
    }
  }
  return { step: months * 30 * DAY, ticks };
}

/** A window of time { t0, t1 } showing [lo, hi] with a margin of 2 % each side. */
export function fitWindow([lo, hi]) {
  const pad = Math.max((hi - lo) * 0.02, SECOND);
  return { t0: lo - pad, t1: hi + pad };
}

export const MIN_WINDOW = 10; // ms: the deepest zoom
export const MAX_WINDOW = 1e15; // ms (about 31,700 years): the widest

/** The window zoomed by `factor` (> 1 zooms in) around time `at` (which stays where it is). */
export function zoomWindow({ t0, t1 }, factor, at = (t0 + t1) / 2) {
  const width = Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, (t1 - t0) / factor));
  const f = (at - t0) / (t1 - t0);
  return { t0: at - f * width, t1: at - f * width + width };
}

/** The window moved by `fraction` of its width (> 0: later). */
export function panWindow({ t0, t1 }, fraction) {
  const d = (t1 - t0) * fraction;
  return { t0: t0 + d, t1: t1 + d };
}
