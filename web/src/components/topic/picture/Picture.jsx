// The timeline picture drawn (TimelinePicture.jsx has the data): the lanes in view
// (picture/PictureLane.jsx), the axis, the card; zoom and pan by wheel, drag, keys or buttons
// (picture/PictureTools.jsx); the keyboard's cursor moves between lanes and a lane's records.
import { useState, useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { utc } from '../../../lib/topic-rows.js';
import { visibleText } from '../../../lib/text.js';
import { LEASE, REGISTRATION, tookEffect, whoOf } from '../../../lib/timeline-columns.js';
import {
  LEASE_ROW,
  LANE_GAP,
  laneKeys,
  laneTops,
  laneAt,
  keyEntries,
  timeTicks,
  fitWindow,
  zoomWindow,
  panWindow,
} from '../../../lib/timeline-scale.js';
import { standaloneSvg, svgToPng } from '../../../lib/svg-export.js';
import { download } from '../../../lib/download.js';
import { AXIS, VIEW_MAX } from './layout.js';
import { MOVES, PictureTools } from './PictureTools.jsx';
import { PictureAxis } from './PictureAxis.jsx';
import { PictureLane } from './PictureLane.jsx';
import { PictureCard } from './PictureCard.jsx';

const MAX_SCROLL = 8_000_000; // px: the scrolled height at most (browsers cap an element's height); taller lanes scroll proportionally

export function Picture({ P, table, rows, selected, onSelect, onOpen, anomalies, announce, narrow }) {
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
  // Said with the role and member as visibleText: a raw bidi control would reorder what is read.
  function say(e, r) {
    const kind = P.value[e] === LEASE ? 'lease' : P.value[e] === REGISTRATION ? 'registration' : 'tombstone';
    announce(
      `${visibleText(table.role.at(r))}: ${kind} of ${visibleText(whoOf(P, e)) || 'the key'} at offset ${P.offset[e]}, ${utc(P.start[e])}${
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
      announce(`${visibleText(table.role.at(rows[to]))}, lane ${to + 1} of ${rows.length}`);
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

  // The lanes' drawing is kept while only the card changes (hover).
  const lanesNode = useMemo(() => {
    const view = { P, win, x, plotL, plotR, labelW, width: size.w, cursorRecord: cursor.e, anomalies };
    return lanes.map((i) => (
      <PictureLane
        view={view}
        i={i}
        r={rows[i]}
        role={table.role.at(rows[i])}
        partition={table.partition[rows[i]]}
        y0={AXIS + tops[i] - vTop}
        height={tops[i + 1] - tops[i]}
        cursor={i === cursorLane}
        selected={selected?.index === rows[i]}
      />
    ));
  }, [P, rows, tops, win, vTop, size.w, cursorLane, cursor.e, selected, labelW, anomalies]);
  const nowX = x(P.now);
  const card =
    hover ?? (focused && cursor.e >= 0 ? { kind: 'e', i: cursor.e, lane: cursorLane, keyboard: true } : null);
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
      <PictureTools onMove={(m) => setWin((w) => m.to(w, P))} onExport={exportAs} />
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
            <PictureAxis view={{ win, x, plotL, plotR, width: size.w }} step={step} ticks={ticks} nowX={nowX} />
          </svg>
          <div style={{ height: `${Math.max(0, AXIS + scrolled - height)}px` }} />
        </div>
        {card && (
          <PictureCard
            P={P}
            card={card}
            pos={cardPos}
            r={rows[card.lane]}
            table={table}
            anomalies={anomalies}
            width={size.w}
          />
        )}
      </div>
      {rows.length === 0 && <p class="muted">No role matches the table's search and filter.</p>}
    </div>
  );
}
