// An i64 timestamp of the builder (epoch milliseconds, exact as text) with a UTC date-time picker
// and the shortcuts "now", "now + N s" and "N s ago".
import { useState } from 'preact/hooks';
import { Field, fieldId } from './Field.jsx';
import { readI64 } from './model.js';
import { isoOf } from '../../lib/text.js';

// The picker shows UTC (the viewer shows timestamps in UTC too); its value has no zone, so 'Z' is added.
function pickerValue(text) {
  const r = readI64(text);
  const iso = r.error ? null : isoOf(r.value);
  return iso && /^\d{4}-/.test(iso) ? iso.slice(0, 23) : '';
}

export function TimeField({ path, label, value, set, error }) {
  const [seconds, setSeconds] = useState('60');
  const id = fieldId(path);
  const n = /^\d{1,12}$/.test(seconds.trim()) ? BigInt(seconds.trim()) * 1000n : null;
  const shift = (sign) => set(String(BigInt(Date.now()) + sign * n));
  return (
    <Field path={path} label={`${label} (epoch ms)`} value={value} set={set} error={error} inputMode="numeric">
      <div class="time-tools" role="group" aria-label={`${label}: set it`}>
        <label for={`${id}-utc`} class="vh">
          {label} as a UTC date and time
        </label>
        <input
          id={`${id}-utc`}
          type="datetime-local"
          step="0.001"
          value={pickerValue(value)}
          onInput={(e) => {
            const ms = Date.parse(e.currentTarget.value + 'Z');
            if (!Number.isNaN(ms)) set(String(ms));
          }}
        />
        <span class="muted small" aria-hidden="true">
          UTC
        </span>
        <button type="button" onClick={() => set(String(Date.now()))}>
          Now
        </button>
        <label for={`${id}-n`}>N s</label>
        <input id={`${id}-n`} class="secs" type="text" inputMode="numeric" value={seconds} onInput={(e) => setSeconds(e.currentTarget.value)} />
        <button type="button" disabled={n === null} onClick={() => shift(1n)}>
          Now + N s
        </button>
        <button type="button" disabled={n === null} onClick={() => shift(-1n)}>
          N s ago
        </button>
      </div>
    </Field>
  );
}
