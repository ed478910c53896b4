// The picture's toolbar (zoom, pan, fit, save) and its help line with the legend.
import { fitWindow, zoomWindow, panWindow } from '../../../lib/timeline-scale.js';

const ZOOM_STEP = 1.5;
const PAN_STEP = 0.2;
/** Zoom and pan: a button each, and its keys; `to(window, P)` is the window after the move. */
export const MOVES = [
  { id: 'tlp-zoom-in', text: '+', name: 'Zoom in', keys: ['+', '='], to: (w) => zoomWindow(w, ZOOM_STEP) },
  { id: 'tlp-zoom-out', text: '−', name: 'Zoom out', keys: ['-', '_'], to: (w) => zoomWindow(w, 1 / ZOOM_STEP) },
  { id: 'tlp-fit', text: 'Fit', name: 'Fit', keys: ['0'], to: (w, P) => fitWindow(P.extent) },
  { id: 'tlp-earlier', text: '←', name: 'Earlier', keys: ['ArrowLeft'], to: (w) => panWindow(w, -PAN_STEP) },
  { id: 'tlp-later', text: '→', name: 'Later', keys: ['ArrowRight'], to: (w) => panWindow(w, PAN_STEP) },
];

export function PictureTools({ onMove, onExport }) {
  return (
    <>
      <div class="tlp-tools" role="toolbar" aria-label="Timeline picture" aria-controls="tlp-plot">
        {MOVES.map((m) => (
          <button
            type="button"
            id={m.id}
            aria-label={m.text === m.name ? undefined : m.name}
            title={`${m.name} (${m.keys[0].replace('Arrow', '')})`}
            onClick={() => onMove(m)}
          >
            {m.text}
          </button>
        ))}
        <span class="tlp-sep" />
        <button type="button" id="tlp-svg" onClick={() => onExport('svg')}>
          Save SVG
        </button>
        <button type="button" id="tlp-png" onClick={() => onExport('png')}>
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
    </>
  );
}
