// One input: a text area (hex, base64, Java byte[] or array literal), its format (detected or
// forced), a file upload or drop, and for the value a "no value" choice. Shows the detected format
// or the parse error with its position.
import { useState, useRef } from 'preact/hooks';
import { FORMATS, FORMAT_LABELS } from '../input-formats.js';
import { hex } from '../lib/text.js';

export function InputPanel({ id, title, state, set, parsed, nullable, children }) {
  const taRef = useRef();
  const fileRef = useRef();
  const [drag, setDrag] = useState(false);
  const [fileNote, setFileNote] = useState('');

  async function takeFile(file) {
    if (!file) return;
    if (file.size > 1 << 16) {
      setFileNote(`${file.name} is ${file.size} bytes; a record is small, the limit here is 64 KiB.`);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    set({ text: hex(bytes), format: 'auto', isNull: false });
    setFileNote(`Loaded ${file.name} (${bytes.length} bytes) as raw bytes.`);
  }

  const statusId = `${id}-status`;
  const err = !state.isNull && !parsed.ok ? parsed.error : null;
  return (
    <section
      class={`panel input${drag ? ' drag' : ''}`}
      aria-labelledby={`${id}-h`}
      onDragOver={(e) => {
        e.preventDefault();
        setDrag(true);
      }}
      onDragLeave={() => setDrag(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDrag(false);
        takeFile(e.dataTransfer?.files?.[0]);
      }}
    >
      <h2 id={`${id}-h`}>{title}</h2>
      {nullable && (
        <div class="seg" role="radiogroup" aria-label={`${title}: bytes or no value`}>
          <label>
            <input type="radio" name={`${id}-mode`} checked={!state.isNull} onChange={() => set({ isNull: false })} /> Bytes
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={state.isNull} onChange={() => set({ isNull: true })} /> No
            value (null tombstone)
          </label>
        </div>
      )}
      <label for={`${id}-text`} class="lbl">
        {title} bytes <span class="muted">(hex, base64, Java byte[] or array literal; or drop a file)</span>
      </label>
      <textarea
        id={`${id}-text`}
        ref={taRef}
        rows={4}
        spellcheck={false}
        autocomplete="off"
        disabled={state.isNull}
        value={state.isNull ? '' : state.text}
        placeholder={state.isNull ? 'No value: the record is a null tombstone' : 'e.g. 00 00 00 01 00 04 72 6f 6c 65 00 00'}
        aria-invalid={err ? 'true' : 'false'}
        aria-describedby={statusId}
        onInput={(e) => set({ text: e.currentTarget.value })}
      />
      <div class="controls">
        <label for={`${id}-fmt`}>Format</label>
        <select id={`${id}-fmt`} value={state.format} disabled={state.isNull} onChange={(e) => set({ format: e.currentTarget.value })}>
          <option value="auto">Auto-detect</option>
          {FORMATS.map((f) => (
            <option value={f}>{FORMAT_LABELS[f]}</option>
          ))}
        </select>
        <button type="button" disabled={state.isNull} onClick={() => fileRef.current.click()}>
          Upload file…
        </button>
        <input
          ref={fileRef}
          id={`${id}-file`}
          class="vh"
          type="file"
          tabIndex={-1}
          aria-label={`${title} bytes file`}
          onChange={(e) => {
            takeFile(e.currentTarget.files[0]);
            e.currentTarget.value = '';
          }}
        />
        {children}
      </div>
      <p id={statusId} class={`fmt-status${err ? ' bad' : ''}`} data-format={state.isNull ? 'null' : parsed.ok ? parsed.format : 'error'}>
        {state.isNull ? (
          'No value: decoded as a null tombstone.'
        ) : parsed.ok ? (
          <>
            {state.format === 'auto' ? 'Detected: ' : 'Format: '}
            <strong>{parsed.format === 'empty' ? 'empty (0 bytes)' : FORMAT_LABELS[parsed.format]}</strong>
            {parsed.format !== 'empty' && `, ${parsed.bytes.length} bytes`}
            {parsed.alsoValid.length > 0 &&
              ` (also valid as ${parsed.alsoValid.map((f) => FORMAT_LABELS[f]).join(', ')}: choose it under Format to read it so)`}
          </>
        ) : (
          <>
            <span class="perr">{err.message}</span>{' '}
            <button
              type="button"
              class="link"
              onClick={() => {
                taRef.current.focus();
                taRef.current.setSelectionRange(err.index, Math.min(err.index + 1, state.text.length));
              }}
            >
              Show position
            </button>
          </>
        )}
      </p>
      {fileNote && (
        <p id={`${id}-note`} class="muted small">
          {fileNote}
        </p>
      )}
    </section>
  );
}
