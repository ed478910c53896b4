// The timeline as a picture: a lane per role of the state table (its rows, filtered and sorted as
// there), the lease's holders over time on its first row (each lease from granted_at to its
// deadline, coloured and labelled by holder), a row per member's registration under it; gaps,
// expiries and overlaps of the lease, the fold's anomalies and tombstones marked; records of
// aborted or open transactions outlined, not filled. Zoom and pan by wheel, drag, keys or buttons;
// a record's details on hover (or the keyboard's cursor); a click opens it in the record view.
// Only the lanes in view are drawn, and a row draws at most one span per pixel (lib/timeline-scale.js).
// The data: a history fold in a worker of its own (lib/timeline-columns.js).
import { useState, useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { TopicClient } from '../../lib/topic-client.js';
import { StringColumn, utc, durationText } from '../../lib/topic-rows.js';
import { LEASE, REGISTRATION, MARKS, tookEffect, whoOf, memberOf } from '../../lib/timeline-columns.js';
import {
  LEASE_ROW,
  MEMBER_ROW,
  LANE_GAP,
  laneKeys,
  laneTops,
  laneAt,
  keyEntries,
  drawnSpans,
  timeTicks,
  fitWindow,
  zoomWindow,
  panWindow,
} from '../../lib/timeline-scale.js';
import { standaloneSvg, svgToPng, download } from '../../lib/svg-export.js';
import './timeline-picture.css';

const AXIS = 30; // px: the time axis above the lanes
const VIEW_MAX = 520; // px: the picture's height at most (the lanes scroll in it)
const MAX_SCROLL = 8_000_000; // px: the scrolled height at most (browsers cap an element's height); taller lanes scroll proportionally
const ZOOM_STEP = 1.5;
const PAN_STEP = 0.2;
// Zoom and pan: a button each, and its keys.
const MOVES = [
  { id: 'tlp-zoom-in', text: '+', name: 'Zoom in', keys: ['+', '='], to: (w) => zoomWindow(w, ZOOM_STEP) },
  { id: 'tlp-zoom-out', text: '−', name: 'Zoom out', keys: ['-', '_'], to: (w) => zoomWindow(w, 1 / ZOOM_STEP) },
  { id: 'tlp-fit', text: 'Fit', name: 'Fit', keys: ['0'], to: (w, P) => fitWindow(P.extent) },
  { id: 'tlp-earlier', text: '←', name: 'Earlier', keys: ['ArrowLeft'], to: (w) => panWindow(w, -PAN_STEP) },
  { id: 'tlp-later', text: '→', name: 'Later', keys: ['ArrowRight'], to: (w) => panWindow(w, PAN_STEP) },
];
const COLOURS = 6; // holder colours in timeline-picture.css (.h0 ... .h5), by name: the same wherever a name appears
const DAY = 86_400_000;

const cut = (s, n) => (s.length > n ? `${s.slice(0, Math.max(1, n - 1))}…` : s);

/** The picture's data for the folded inputs: { picture } | { error }, and the progress meanwhile. */
function usePictureData(source) {
  const [data, setData] = useState(null);
  const [progress, setProgress] = useState({ done: 0, total: 1 });
  useEffect(() => {
    setData(null);
    const client = new TopicClient();
    let live = true;
    performance.mark('topic-picture-start');
    client
      .request({ type: 'picture', ...source }, (done, total) => live && setProgress({ done, total }))
      .then(({ picture }) => {
        if (!live) return;
        picture.names = new StringColumn(picture.names);
        setData({ picture });
      })
      .catch((e) => live && setData({ error: e.message }))
      .finally(() => client.dispose());
    return () => {
      live = false;
      client.dispose();
    };
  }, [source]);
  return { data, progress };
}

// What the card says about record e.
function RecordCard({ P, e, partition }) {
  const offset = P.offset[e];
  const t = P.transaction[e];
  const kind = P.value[e];
  return (
    <>
      <strong>
        {kind === LEASE ? 'Lease' : kind === REGISTRATION ? 'Registration' : 'Tombstone'}
        {offset >= 0n ? ` · offset ${offset}` : ' · no offset'} · partition {partition}
      </strong>
      {kind === LEASE && (
        <>
          <span>
            holder <code>{whoOf(P, e)}</code> · producer {String(P.producerId[e])} epoch {P.producerEpoch[e]}
          </span>
          <span>
            granted {utc(P.start[e])} · deadline {utc(P.end[e])} ({durationText(P.end[e] - P.start[e])})
          </span>
        </>
      )}
      {kind === REGISTRATION && (
        <>
          <span>
            member <code>{whoOf(P, e)}</code> · registered {utc(P.start[e])}
          </span>
          <span>
            {P.end[e] === Infinity
              ? 'still registered'
              : P.end[e] > P.start[e]
                ? `until ${utc(P.end[e])}`
                : 'never in effect or cleared at an unknown time'}
          </span>
        </>
      )}
      {kind !== LEASE && kind !== REGISTRATION && <span>the key cleared</span>}
      <span>record timestamp {Number.isNaN(P.timestamp[e]) ? 'none' : utc(P.timestamp[e])}</span>
      {t >= 0 && (
        <span class={`txn-${P.txnNames[P.txnState[t]]}`}>
          {P.txnNames[P.txnState[t]]} transaction of producer {String(P.txnProducerId[t])}
          {P.txnMarkerOffset[t] >= 0n ? ` (marker at offset ${P.txnMarkerOffset[t]})` : ' (no marker)'}
          {tookEffect(P, e) ? '' : ': not in the state'}
        </span>
      )}
      <span class="muted">
        {offset >= 0n ? 'Click (or Enter) opens the record.' : 'Without an offset it cannot be opened.'}
      </span>
    </>
  );
}

function MarkCard({ P, m }) {
  const from = P.markFrom[m];
  const to = P.markTo[m];
  const who = (e) => <code>{whoOf(P, e)}</code>;
  const kind = MARKS[P.markKind[m]];
  if (kind === 'expiry')
    return (
      <>
        <strong>Expiry</strong>
        <span>
          {who(P.markEntry[m])}'s lease expired at {utc(from)} and nobody was granted it then.
        </span>
      </>
    );
  if (kind === 'gap')
    return (
      <>
        <strong>No holder</strong>
        <span>
          from {utc(from)} to {to === P.now ? 'now' : utc(to)} ({durationText(to - from)})
        </span>
      </>
    );
  return (
    <>
      <strong>Overlap: two holders at once</strong>
      <span>
        {who(P.markOther[m])} and {who(P.markEntry[m])} both hold the lease from {utc(from)} to {utc(to)} (
        {durationText(to - from)})
      </span>
    </>
  );
}

export function TimelinePicture({ source, ...props }) {
  const { data, progress } = usePictureData(source);
  if (data?.error || (data && data.picture.n !== props.table.n))
    return (
      <p class="banner error" role="alert" id="tlp-failure">
        The picture could not be drawn: {data.error ?? 'its fold does not match the table (fold again)'}.
      </p>
    );
  if (!data)
    return (
      <div class="progress-row" id="tlp-progress-row">
        <label for="tlp-progress">Drawing the timeline (every record's value, read again in a worker)</label>
        <progress id="tlp-progress" max={progress.total} value={progress.done}>
          {Math.round((100 * progress.done) / Math.max(1, progress.total))}%
        </progress>
      </div>
    );
  return <Picture P={data.picture} {...props} />;
}

function Picture({ P, table, rows, selected, onSelect, onOpen, anomalies, announce, narrow }) {
  const scroller = useRef();
  const svgRef = useRef();
  const wrap = useRef();
  const [size, setSize] = useState({ w: 800 });
  const [top, setTop] = useState(0);
  const [win, setWin] = useState(() => fitWindow(P.extent)); // the time window drawn (a picture is one P: a new fold mounts another)
  const [hover, setHover] = useState(null); // { kind: 'e' | 'mark' | 'a' | 'lane', i, x, y }
  const [cursor, setCursor] = useState({ lane: 0, e: -1 });
  const [focused, setFocused] = useState(false); // the keyboard's card shows while the picture has the focus
  const drag = useRef(null);

  const tops = useMemo(() => laneTops(P, rows), [P, rows]);
  const total = tops[tops.length - 1];
  const height = Math.min(VIEW_MAX, AXIS + total + 2);
  const lanesH = height - AXIS;
  const scrolled = Math.min(total, MAX_SCROLL);
  // The lanes' offset for the scroll position (proportional beyond MAX_SCROLL).
  const vTop = total > scrolled && scrolled > lanesH ? (top * (total - lanesH)) / (scrolled - lanesH) : top;

  useEffect(() => void performance.mark('topic-picture-drawn'), []); // after the first paint (tests/bench/topic-view.mjs)
  useEffect(() => {
    setCursor({ lane: 0, e: -1 });
    setHover(null);
    if (scroller.current) scroller.current.scrollTop = 0;
    setTop(0);
  }, [rows]);
  // The width from the observer's entries (reading clientWidth here would force a layout of the
  // whole page); hidden (the list shown), it measures 0 and the last width stays.
  useLayoutEffect(() => {
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w) setSize((s) => (s.w === w ? s : { w }));
    });
    ro.observe(scroller.current);
    return () => ro.disconnect();
  }, []);

  const labelW = narrow ? 96 : 168;
  const plotL = labelW;
  const plotR = Math.max(plotL + 40, size.w - 8);
  const scale = (plotR - plotL) / (win.t1 - win.t0);
  const x = (t) => plotL + (t - win.t0) * scale;
  const timeAt = (px) => win.t0 + (px - plotL) / scale;

  // Scroll lane i into view.
  function reveal(i) {
    const el = scroller.current;
    if (!el) return;
    const toScroll = (y) => (total > scrolled && total > lanesH ? (y * (scrolled - lanesH)) / (total - lanesH) : y);
    if (tops[i] < vTop) el.scrollTop = toScroll(tops[i]);
    else if (tops[i + 1] > vTop + lanesH) el.scrollTop = toScroll(tops[i + 1] - lanesH);
  }
  // The selected role's lane: the cursor goes there, in view.
  useEffect(() => {
    if (!selected) return;
    const i = rows.indexOf(selected.index);
    if (i < 0) return;
    setCursor({ lane: i, e: -1 });
    reveal(i);
  }, [selected]);

  // The record of lane i's drawn rows after (dir 1) or before (dir -1) record `from` in time order
  // (start, then index; unknown starts last), or the first when `from` is -1; -1 when there is none.
  // One pass, no sort: a lane may hold many records.
  function stepRecord(i, from, dir) {
    const { lease, members } = laneKeys(P, rows[i]);
    const start = (e) => (Number.isNaN(P.start[e]) ? Infinity : P.start[e]);
    const before = (a, b) => start(a) < start(b) || (start(a) === start(b) && a < b);
    let best = -1;
    for (const k of [lease, ...members]) {
      const [a, b] = keyEntries(P, k);
      for (let e = a; e < b; e++) {
        if (from < 0) {
          if (best < 0 || before(e, best)) best = e;
        } else if (
          dir > 0 ? before(from, e) && (best < 0 || before(e, best)) : before(e, from) && (best < 0 || before(best, e))
        )
          best = e;
      }
    }
    return best;
  }
  function open(e, r) {
    if (P.offset[e] >= 0n) onOpen(table.partition[r], P.offset[e]);
  }
  function say(e, r) {
    const kind = P.value[e] === LEASE ? 'lease' : P.value[e] === REGISTRATION ? 'registration' : 'tombstone';
    announce(
      `${table.role.at(r)}: ${kind} of ${whoOf(P, e) || 'the key'} at offset ${P.offset[e]}, ${utc(P.start[e])}${
        P.value[e] === LEASE ? ` to ${utc(P.end[e])}` : ''
      }${tookEffect(P, e) ? '' : ', not in effect'}`,
    );
  }

  function onKeyDown(ev) {
    if (!rows.length || ev.ctrlKey || ev.metaKey || ev.altKey) return; // the browser's own (Ctrl+- zooms the page)
    const page = Math.max(1, Math.floor(lanesH / (LEASE_ROW + LANE_GAP)));
    const lane = Math.min(cursor.lane, rows.length - 1);
    const moveLane = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page }[ev.key];
    const k = ev.key;
    // Shift+arrows step through records; + is Shift+= on many keyboards.
    const move = !(ev.shiftKey && k.startsWith('Arrow')) && MOVES.find((m) => m.keys.includes(k));
    if (move) setWin((w) => move.to(w, P));
    else if ((k === 'ArrowLeft' || k === 'ArrowRight') && ev.shiftKey) {
      // The lane's previous or next record, shown in the card and said.
      const next = stepRecord(lane, cursor.e, k === 'ArrowRight' ? 1 : -1);
      if (next < 0) return ev.preventDefault();
      setCursor({ lane, e: next });
      const t = P.start[next];
      if (Number.isFinite(t) && (t < win.t0 || t > win.t1))
        setWin((w) => panWindow(w, (t - (w.t0 + w.t1) / 2) / (w.t1 - w.t0)));
      say(next, rows[lane]);
    } else if (moveLane !== undefined || k === 'Home' || k === 'End') {
      const to =
        k === 'Home' ? 0 : k === 'End' ? rows.length - 1 : Math.max(0, Math.min(rows.length - 1, lane + moveLane));
      setCursor({ lane: to, e: -1 });
      reveal(to);
      announce(`${table.role.at(rows[to])}, lane ${to + 1} of ${rows.length}`);
    } else if (k === 'Enter') {
      if (cursor.e >= 0) open(cursor.e, rows[lane]);
      else onSelect(rows[lane]);
    } else if (k === 'Escape') {
      setHover(null);
      setCursor({ lane, e: -1 });
    } else return;
    ev.preventDefault();
  }

  // Wheel: Ctrl (or a pinch), or over the axis, zooms around the pointer; Shift or a sideways wheel
  // pans; otherwise the lanes scroll. A listener of its own: it must be allowed to prevent the scroll.
  const wheelState = useRef();
  wheelState.current = { timeAt, scale, plotL, plotR };
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (ev) => {
      const { timeAt: at, scale: s, plotL: l, plotR: r } = wheelState.current;
      const box = el.getBoundingClientRect();
      const px = Math.max(l, Math.min(r, ev.clientX - box.left));
      const overAxis = ev.clientY - box.top < AXIS;
      const sideways = ev.shiftKey || Math.abs(ev.deltaX) > Math.abs(ev.deltaY);
      if (ev.ctrlKey || (overAxis && !sideways)) {
        ev.preventDefault();
        const t = at(px);
        setWin((w) => zoomWindow(w, Math.exp(-ev.deltaY * 0.0015), t));
      } else if (sideways) {
        ev.preventDefault();
        const d = (ev.deltaX || ev.deltaY) / s;
        setWin((w) => ({ t0: w.t0 + d, t1: w.t1 + d }));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // What the pointer is over: a record, a mark, an anomaly or a lane's label.
  function hit(target) {
    const el = target.closest?.('[data-e],[data-mark],[data-a],[data-lane]');
    if (!el) return null;
    const d = el.dataset;
    if (d.e !== undefined) return { kind: 'e', i: Number(d.e), count: Number(d.count ?? 1), lane: Number(d.at) };
    if (d.mark !== undefined) return { kind: 'mark', i: Number(d.mark), lane: Number(d.at) };
    if (d.a !== undefined) return { kind: 'a', i: Number(d.a), lane: Number(d.at) };
    return { kind: 'lane', lane: Number(d.lane) };
  }
  function onPointerDown(ev) {
    const el = scroller.current;
    // Not on the lanes' scrollbar: that scrolls by itself.
    if (ev.button !== 0 || ev.clientX - el.getBoundingClientRect().left > el.clientWidth) return;
    drag.current = { x: ev.clientX, y: ev.clientY, win, scroll: scroller.current.scrollTop, moved: false };
  }
  function onPointerMove(ev) {
    const d = drag.current;
    if (d && ev.buttons & 1) {
      const dx = ev.clientX - d.x;
      const dy = ev.clientY - d.y;
      if (!d.moved && Math.abs(dx) + Math.abs(dy) > 3) {
        d.moved = true;
        scroller.current.setPointerCapture?.(ev.pointerId);
      }
      if (d.moved) {
        const dt = -dx / scale;
        setWin({ t0: d.win.t0 + dt, t1: d.win.t1 + dt });
        scroller.current.scrollTop = d.scroll - dy;
        setHover(null);
        return;
      }
    }
    // The card stays where the pointer entered the thing it describes (no render per move).
    const h = hit(ev.target);
    if (!h) return hover && setHover(null);
    if (hover && hover.kind === h.kind && hover.i === h.i && hover.lane === h.lane) return;
    const box = wrap.current.getBoundingClientRect();
    setHover({ ...h, x: ev.clientX - box.left, y: ev.clientY - box.top });
  }
  function onPointerUp(ev) {
    const d = drag.current;
    drag.current = null;
    if (!d || d.moved) return;
    const h = hit(ev.target);
    if (!h) return;
    const r = rows[h.lane];
    if (h.kind === 'e' && h.count > 1) {
      // A merged span: zoom to it.
      const lo = P.start[h.i];
      const span = Math.max(P.end[h.i], lo + (win.t1 - win.t0) / 50) - lo;
      setWin({ t0: lo - span * 0.1, t1: lo + span * 1.1 });
    } else if (h.kind === 'e') open(h.i, r);
    else if (h.kind === 'a') {
      const a = anomalies[P.anomaly[h.i]];
      if (a?.offset >= 0n) onOpen(table.partition[r], a.offset);
    } else if (h.kind === 'lane') onSelect(r);
  }

  async function exportAs(type) {
    const svg = svgRef.current;
    if (!svg) return;
    const background = getComputedStyle(scroller.current).getPropertyValue('background-color');
    const text = standaloneSvg(svg, background);
    const name = `coordination-timeline.${type}`;
    try {
      if (type === 'svg') download(new Blob([text], { type: 'image/svg+xml' }), name);
      else download(await svgToPng(text, size.w, height), name);
      announce(`Saved the picture as ${name}.`);
    } catch (e) {
      announce(`The ${type.toUpperCase()} could not be made: ${e.message}`);
    }
  }

  // The lanes in view.
  const first = rows.length ? laneAt(tops, vTop) : 0;
  const last = rows.length ? laneAt(tops, vTop + lanesH) : -1;
  const { step, ticks } = timeTicks(win.t0, win.t1, Math.max(2, Math.floor((plotR - plotL) / (narrow ? 64 : 110))));
  const lanes = [];
  for (let i = first; i <= last && i < rows.length; i++) lanes.push(i);
  const cursorLane = Math.min(cursor.lane, rows.length - 1);

  function spans(k, i, y, h, lease) {
    return drawnSpans(P, k, win.t0, win.t1, x).map((d) => {
      const e = d.e;
      const w = Math.max(2, d.x1 - d.x0);
      const kind = P.value[e];
      const named = kind === LEASE || kind === REGISTRATION; // a tombstone is a thin bar, of no one
      const dropped = !tookEffect(P, e); // not in effect: the lower half of the row, over what was
      const cls = [
        'tlp-span',
        kind === LEASE ? 'lease' : kind === REGISTRATION ? 'reg' : 'tomb',
        named ? `h${P.who[e] % COLOURS}` : '',
        dropped ? `dropped txn-${P.txnNames[P.txnState[P.transaction[e]]]}` : '',
        d.count > 1 ? 'dense' : '',
        d.mixed ? 'mixed' : '',
        cursor.e === e ? 'cur' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return (
        <g>
          <rect
            class={cls}
            x={d.x0}
            y={dropped ? y + h / 2 : y}
            width={named ? w : 4}
            height={dropped ? h / 2 : h}
            rx={lease ? 3 : 2}
            data-e={e}
            data-at={i}
            data-count={d.count > 1 ? d.count : undefined}
            data-offset={String(P.offset[e])}
          />
          {lease && w > 34 && !dropped && (
            <text class="tlp-span-label" x={d.x0 + 4} y={y + h / 2}>
              {d.count > 1 ? `${d.count} records` : cut(whoOf(P, e), Math.floor((w - 8) / 6.5))}
            </text>
          )}
        </g>
      );
    });
  }

  function lane(i) {
    const r = rows[i];
    const { lease, members, hidden } = laneKeys(P, r);
    const y0 = AXIS + tops[i] - vTop;
    const laneH = tops[i + 1] - tops[i];
    const role = table.role.at(r);
    const marks = [];
    for (let m = r === 0 ? 0 : P.markEnd[r - 1]; m < P.markEnd[r]; m++) marks.push(m);
    const clampX = (t) => Math.max(plotL - 1, Math.min(plotR + 1, x(t)));
    // The marks of a kind in the window, at most one per pixel (those starting in the pixel of the
    // one before merge into it), and as bands of the lease row.
    const inView = (kind) => {
      const out = [];
      for (const m of marks) {
        if (MARKS[P.markKind[m]] !== kind || P.markTo[m] < win.t0 || P.markFrom[m] > win.t1) continue;
        const x0 = clampX(P.markFrom[m]);
        const x1 = clampX(P.markTo[m]);
        const last = out.at(-1);
        if (last && Math.floor(x0) <= Math.floor(last.x0)) last.x1 = Math.max(last.x1, x1);
        else out.push({ m, x0, x1 });
      }
      return out;
    };
    const bands = (kind, y, h, least) =>
      inView(kind).map(({ m, x0, x1 }) => (
        <rect
          class={`tlp-${kind}`}
          x={x0}
          y={y}
          width={Math.max(least, x1 - x0)}
          height={h}
          data-mark={m}
          data-at={i}
        />
      ));
    const anomalyMarks = [];
    for (let a = r === 0 ? 0 : P.anomalyEnd[r - 1]; a < P.anomalyEnd[r]; a++) anomalyMarks.push(a);
    return (
      <g
        class={`tlp-lane${i % 2 ? ' odd' : ''}${selected?.index === r ? ' sel' : ''}`}
        transform={`translate(0 ${y0})`}
        data-role={role}
        data-partition={table.partition[r]}
      >
        <rect class="tlp-band" x={0} y={-LANE_GAP / 2} width={size.w} height={laneH} />
        {i === cursorLane && (
          <rect class="tlp-cursor" x={1} y={-LANE_GAP / 2 + 1} width={size.w - 2} height={laneH - 2} />
        )}
        <text class="tlp-label" x={6} y={LEASE_ROW / 2} data-lane={i}>
          {cut(role, Math.floor((labelW - 12) / 7))}
          {hidden > 0 ? ` +${hidden}` : ''}
        </text>
        {members.map((k, j) => (
          <text class="tlp-member" x={labelW - 6} y={LEASE_ROW + j * MEMBER_ROW + MEMBER_ROW / 2 - 1} data-lane={i}>
            {cut(memberOf(P, k), Math.floor((labelW - 30) / 6))}
          </text>
        ))}
        <g clip-path="url(#tlp-clip)">
          {bands('gap', 2, LEASE_ROW - 4, 1)}
          {lease >= 0 && (
            <g class="tlp-row" data-key="lease">
              {spans(lease, i, 2, LEASE_ROW - 4, true)}
            </g>
          )}
          {members.map((k, j) => (
            <g class="tlp-row" data-key={`registration:${memberOf(P, k)}`}>
              {spans(k, i, LEASE_ROW + j * MEMBER_ROW, MEMBER_ROW - 3, false)}
            </g>
          ))}
          {bands('overlap', 0, 5, 2)}
          {inView('expiry').map(({ m, x0 }) => (
            <path class="tlp-expiry" d={`M${x0 - 5} ${LEASE_ROW} h10 l-5 -7 z`} data-mark={m} data-at={i} />
          ))}
        </g>
        {anomalyMarks.map((a) => {
          const e = P.anomalyEntry[a];
          const t = e >= 0 ? P.start[e] : NaN;
          const ax = Number.isFinite(t) ? clampX(t) : plotL;
          if (ax < plotL - 1 || ax > plotR + 1) return null;
          const info = anomalies[P.anomaly[a]];
          return (
            <path
              class="tlp-anomaly"
              d={`M${ax} ${-LANE_GAP / 2 + 1} l6 10 h-12 z`}
              data-a={a}
              data-at={i}
              data-kind={info?.kind}
              data-offset={info ? String(info.offset) : undefined}
            />
          );
        })}
      </g>
    );
  }

  // The lanes' drawing is kept while only the card changes (hover).
  const lanesNode = useMemo(
    () => lanes.map(lane),
    [P, rows, tops, win, vTop, size.w, cursorLane, cursor.e, selected, labelW, anomalies],
  );
  const nowX = x(P.now);
  const card =
    hover ?? (focused && cursor.e >= 0 ? { kind: 'e', i: cursor.e, lane: cursorLane, keyboard: true } : null);
  let cardBody = null;
  if (card) {
    const r = rows[card.lane];
    if (card.kind === 'e' && card.count > 1)
      cardBody = (
        <>
          <strong>{card.count} records in one pixel</strong>
          <span>from {utc(P.start[card.i])}: click to zoom in</span>
        </>
      );
    else if (card.kind === 'e') cardBody = <RecordCard P={P} e={card.i} partition={table.partition[r]} />;
    else if (card.kind === 'mark') cardBody = <MarkCard P={P} m={card.i} />;
    else if (card.kind === 'a') {
      const a = anomalies[P.anomaly[card.i]];
      cardBody = (
        <>
          <strong>
            Anomaly {a.kind} · offset {String(a.offset)}
          </strong>
          <span>{a.message}</span>
        </>
      );
    } else if (r !== undefined) {
      const { members, hidden } = laneKeys(P, r);
      cardBody = (
        <>
          <strong>{table.role.at(r)}</strong>
          <span>
            partition {table.partition[r]} · {members.length + hidden} member key
            {members.length + hidden === 1 ? '' : 's'}
            {hidden ? ` (${hidden} not drawn)` : ''}
          </span>
          <span class="muted">Click to select the role (its list of records).</span>
        </>
      );
    }
  }
  let cardPos = null;
  if (card) {
    if (card.keyboard) {
      const e = card.i;
      const t = P.start[e];
      cardPos = { x: Number.isFinite(t) ? x(t) : plotL, y: AXIS + tops[card.lane] - vTop + LEASE_ROW };
    } else cardPos = { x: card.x, y: card.y };
  }

  return (
    <div class="tlp">
      <div class="tlp-tools" role="toolbar" aria-label="Timeline picture" aria-controls="tlp-plot">
        {MOVES.map((m) => (
          <button
            type="button"
            id={m.id}
            aria-label={m.text === m.name ? undefined : m.name}
            title={`${m.name} (${m.keys[0].replace('Arrow', '')})`}
            onClick={() => setWin((w) => m.to(w, P))}
          >
            {m.text}
          </button>
        ))}
        <span class="tlp-sep" />
        <button type="button" id="tlp-svg" onClick={() => exportAs('svg')}>
          Save SVG
        </button>
        <button type="button" id="tlp-png" onClick={() => exportAs('png')}>
          Save PNG
        </button>
      </div>
      <p class="muted small" id="tlp-help">
        UTC. Zoom: + / −, Ctrl+wheel or wheel over the axis; pan: drag, ← / →, Shift+wheel. ↑ / ↓ move between roles,
        Shift+← / → between a role's records, Enter opens the record.{' '}
        <span class="tlp-legend">
          <span class="lg lg-gap" /> no holder <span class="lg lg-overlap" /> two holders <span class="lg lg-expiry" />{' '}
          expiry <span class="lg lg-anomaly" /> anomaly <span class="lg lg-tomb" /> tombstone{' '}
          <span class="lg lg-dropped" /> aborted or open transaction
        </span>
      </p>
      <div class="tlp-wrap" ref={wrap}>
        <div
          id="tlp-plot"
          class="tlp-scroll"
          ref={scroller}
          tabIndex={0}
          role="group"
          aria-label={`Timeline picture of ${rows.length} roles`}
          aria-describedby="tlp-help"
          style={{ height: `${height}px` }}
          onScroll={(ev) => setTop(ev.currentTarget.scrollTop)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => !drag.current && setHover(null)}
        >
          <svg
            ref={svgRef}
            class="tlp-svg"
            width={size.w}
            height={height}
            viewBox={`0 0 ${size.w} ${height}`}
            role="img"
            aria-label={`Lease holders and registrations of roles ${first + 1} to ${Math.min(last + 1, rows.length)} of ${rows.length}, ${utc(win.t0)} to ${utc(win.t1)}`}
            data-step={step}
          >
            <title>
              Timeline of the coordination state: {utc(win.t0)} to {utc(win.t1)} (UTC)
            </title>
            <defs>
              <clipPath id="tlp-clip">
                <rect x={plotL} y={-LANE_GAP} width={plotR - plotL} height={VIEW_MAX + 2 * LANE_GAP} />
              </clipPath>
            </defs>
            <g class="tlp-grid">
              {ticks.map(({ t }) => (
                <line x1={x(t)} x2={x(t)} y1={AXIS} y2={height} />
              ))}
            </g>
            {lanesNode}
            {nowX >= plotL && nowX <= plotR && <line class="tlp-now" x1={nowX} x2={nowX} y1={AXIS - 6} y2={height} />}
            <g class="tlp-axis">
              <rect class="tlp-axis-bg" x={0} y={0} width={size.w} height={AXIS} />
              <text class="tlp-axis-title" x={6} y={AXIS / 2}>
                {step < DAY && Math.abs(win.t0) < 8.64e15 ? `${utc(win.t0).slice(0, 10)} UTC` : 'UTC'}
              </text>
              {ticks.map(({ t, label }) => (
                <g class="tlp-tick" data-t={t}>
                  <line x1={x(t)} x2={x(t)} y1={AXIS - 6} y2={AXIS} />
                  <text x={x(t)} y={AXIS / 2 - 1}>
                    {label}
                  </text>
                </g>
              ))}
              {nowX >= plotL && nowX <= plotR && (
                <text class="tlp-now-label" x={nowX + 3} y={AXIS - 3}>
                  now
                </text>
              )}
              <line class="tlp-axis-line" x1={plotL} x2={plotR} y1={AXIS} y2={AXIS} />
            </g>
          </svg>
          <div style={{ height: `${Math.max(0, AXIS + scrolled - height)}px` }} />
        </div>
        {cardBody && cardPos && (
          <div
            class="tlp-card"
            id="tlp-card"
            style={{
              left: `${Math.max(0, Math.min(cardPos.x + 12, size.w - 300))}px`,
              top: `${cardPos.y + 14}px`,
            }}
          >
            {cardBody}
          </div>
        )}
      </div>
      {rows.length === 0 && <p class="muted">No role matches the table's search and filter.</p>}
    </div>
  );
}
