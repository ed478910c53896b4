// One role's lane of the picture: its label and member names, the lease row and a row per member's
// registration (their records as spans, at most one per pixel), the lease's gaps, overlaps and
// expiries, the fold's anomalies. Names are SVG text: their special code points as escapes
// (visibleText), never reordering a label.
import { LEASE, REGISTRATION, MARKS, tookEffect, whoOf, memberOf } from '../../../lib/timeline-columns.js';
import { LEASE_ROW, MEMBER_ROW, LANE_GAP, laneKeys, drawnSpans } from '../../../lib/timeline-scale.js';
import { COLOURS, cut } from './layout.js';
import { visibleText } from '../../VisibleString.jsx';

// Key k's records in the window, as rects (a lease's labelled by holder) in lane i's row at y.
function spans(view, k, i, y, h, lease) {
  const { P, win, x, cursorRecord } = view;
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
      cursorRecord === e ? 'cur' : '',
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
            {d.count > 1 ? `${d.count} records` : cut(visibleText(whoOf(P, e)), Math.floor((w - 8) / 6.5))}
          </text>
        )}
      </g>
    );
  });
}

/**
 * Lane i (the table's row r, of `role` in `partition`) at `y0`, `height` high. `view`: the picture
 * data P, the window `win`, `x(t)`, `plotL`, `plotR`, `labelW`, `width`, the keyboard's record
 * `cursorRecord`, the fold's `anomalies`.
 */
export function PictureLane({ view, i, r, role, partition, y0, height, cursor, selected }) {
  const { P, win, x, plotL, plotR, labelW, width, anomalies } = view;
  const { lease, members, hidden } = laneKeys(P, r);
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
      <rect class={`tlp-${kind}`} x={x0} y={y} width={Math.max(least, x1 - x0)} height={h} data-mark={m} data-at={i} />
    ));
  const anomalyMarks = [];
  for (let a = r === 0 ? 0 : P.anomalyEnd[r - 1]; a < P.anomalyEnd[r]; a++) anomalyMarks.push(a);
  return (
    <g
      class={`tlp-lane${i % 2 ? ' odd' : ''}${selected ? ' sel' : ''}`}
      transform={`translate(0 ${y0})`}
      data-role={role}
      data-partition={partition}
    >
      <rect class="tlp-band" x={0} y={-LANE_GAP / 2} width={width} height={height} />
      {cursor && <rect class="tlp-cursor" x={1} y={-LANE_GAP / 2 + 1} width={width - 2} height={height - 2} />}
      <text class="tlp-label" x={6} y={LEASE_ROW / 2} data-lane={i}>
        {cut(visibleText(role), Math.floor((labelW - 12) / 7))}
        {hidden > 0 ? ` +${hidden}` : ''}
      </text>
      {members.map((k, j) => (
        <text class="tlp-member" x={labelW - 6} y={LEASE_ROW + j * MEMBER_ROW + MEMBER_ROW / 2 - 1} data-lane={i}>
          {cut(visibleText(memberOf(P, k)), Math.floor((labelW - 30) / 6))}
        </text>
      ))}
      <g clip-path="url(#tlp-clip)">
        {bands('gap', 2, LEASE_ROW - 4, 1)}
        {lease >= 0 && (
          <g class="tlp-row" data-key="lease">
            {spans(view, lease, i, 2, LEASE_ROW - 4, true)}
          </g>
        )}
        {members.map((k, j) => (
          <g class="tlp-row" data-key={`registration:${memberOf(P, k)}`}>
            {spans(view, k, i, LEASE_ROW + j * MEMBER_ROW, MEMBER_ROW - 3, false)}
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
