// The page's modes as tabs (WAI-ARIA tabs: one tab stop, arrow keys move between them): lib/choices.js
// MODES. The panels are the app's, with ids `panel-<mode>`.
import { useRef } from 'preact/hooks';
import { MODES } from '../lib/choices.js';

export function ModeTabs({ mode, setMode }) {
  const ref = useRef();
  function onKeyDown(e) {
    const i = MODES.findIndex(([m]) => m === mode);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: MODES.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const [m] = MODES[(next + MODES.length) % MODES.length];
    setMode(m);
    ref.current.querySelector(`#tab-${m}`).focus();
  }
  return (
    <div class="mode-tabs" role="tablist" aria-label="Mode" ref={ref} onKeyDown={onKeyDown}>
      {MODES.map(([m, label]) => (
        <button
          type="button"
          role="tab"
          id={`tab-${m}`}
          aria-selected={m === mode ? 'true' : 'false'}
          aria-controls={`panel-${m}`}
          tabIndex={m === mode ? 0 : -1}
          onClick={() => setMode(m)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
