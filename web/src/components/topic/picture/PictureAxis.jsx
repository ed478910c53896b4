// The picture's time axis: the date, the ticks and their labels, now.
import { utc } from '../../../lib/topic-rows.js';
import { AXIS } from './layout.js';

const DAY = 86_400_000;

/** `view`: the window `win`, `x(t)`, the plot's `plotL`/`plotR`, `width`; `step` and `ticks` of timeTicks. */
export function PictureAxis({ view, step, ticks, nowX }) {
  const { win, x, plotL, plotR, width } = view;
  return (
    <g class="tlp-axis">
      <rect class="tlp-axis-bg" x={0} y={0} width={width} height={AXIS} />
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
  );
}
