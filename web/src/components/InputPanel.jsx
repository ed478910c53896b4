// One input: a text area (hex, base64, Java byte[] or array literal), its format (detected or
// forced), a file upload or drop, and for the value a "no value" choice. Shows the detected format
// or the parse error with its position.
import { useState, useRef } from 'preact/hooks';
import { FORMATS, FORMAT_LABELS, detectUpload } from '../../../wasm/text/input-formats.js';
import { INPUT_LIMIT } from '../lib/decode.js';
import { plural } from '../lib/text.js';
import { UploadNote, readingText } from './UploadNote.jsx';
import { Note } from './Note.jsx';

const sizeOf = (n, unit) =>
  `${n.toLocaleString('en')} ${unit} (${(n / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KiB)`;

/**
 * title: the panel's heading; label: the text area's ("<title> bytes" unless given); linkNote: why
 * the shared link's text for this input was not opened (lib/share.js), shown until the next edit.
 */
export function InputPanel({
  id,
  title,
  label = `${title} bytes`,
  state,
  set,
  parsed,
  options,
  nullable,
  linkNote,
  children,
}) {
  const taRef = useRef();
  const fileRef = useRef();
  const [drag, setDrag] = useState(false);
  const [note, setNote] = useState(linkNote ? { refused: true, text: linkNote } : null);

  async function takeFile(file) {
    if (!file) return;
    if (file.size > INPUT_LIMIT) {
      setNote({
        refused: true,
        text: `${file.name} is ${file.size} bytes; a record is small, the limit here is 64 KiB.`,
      });
      return;
    }
    let bytes;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      // A directory dragged from a file manager, a file removed or changed since it was chosen.
      setNote({
        refused: true,
        text: `${file.name} could not be read (${e.name}: ${e.message}): is it a directory, or was it removed or changed since it was chosen? The previous text is kept.`,
      });
      return;
    }
    // A text file holding hex, base64 or a literal is read as text (and said so, with a switch).
    const upload = detectUpload(bytes, options ?? {});
    set({ text: readingText(upload, upload.reading), format: 'auto', isNull: false });
    setNote({ name: file.name, upload, reading: upload.reading });
  }

  // Text over the limit never reaches the state, the parser or the decoder: a paste is stopped
  // before the text area takes it; any other input (drop, autofill, scripts) is undone.
  const refuseText = (length) =>
    setNote({
      refused: true,
      text: `The text is ${sizeOf(length, 'characters')}; text over 64 KiB is refused, like a file (a key is at most 518 bytes, a value 285). The previous text is kept and nothing was decoded.`,
    });
  function onPaste(e) {
    const ta = e.currentTarget;
    const pasted = e.clipboardData?.getData('text/plain') ?? '';
    const length = ta.value.length - (ta.selectionEnd - ta.selectionStart) + pasted.length;
    if (length > INPUT_LIMIT) {
      e.preventDefault();
      refuseText(length);
    }
  }
  function onInput(e) {
    const ta = e.currentTarget;
    if (ta.value.length > INPUT_LIMIT) {
      refuseText(ta.value.length);
      ta.value = state.text;
      return;
    }
    if (note?.refused) setNote(null);
    set({ text: ta.value });
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
        setDrag(false);
        // Dragged text (no file) is the text area's to insert, through onInput and its limit.
        if (!e.dataTransfer?.files?.length) return;
        e.preventDefault();
        takeFile(e.dataTransfer.files[0]);
      }}
    >
      <h2 id={`${id}-h`}>{title}</h2>
      {nullable && (
        <div class="seg" role="radiogroup" aria-label={`${title}: bytes or no value`}>
          <label>
            <input type="radio" name={`${id}-mode`} checked={!state.isNull} onChange={() => set({ isNull: false })} />{' '}
            Bytes
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={state.isNull} onChange={() => set({ isNull: true })} /> No
            value (null tombstone)
          </label>
        </div>
      )}
      <label for={`${id}-text`} class="lbl">
        {label} <span class="muted">(hex, base64, Java byte[] or array literal; or drop a file)</span>
      </label>
      <textarea
        id={`${id}-text`}
        ref={taRef}
        rows={4}
        spellcheck={false}
        autocomplete="off"
        disabled={state.isNull}
        value={state.isNull ? '' : state.text}
        placeholder={
          state.isNull ? 'No value: the record is a null tombstone' : 'e.g. 00 00 00 01 00 04 72 6f 6c 65 00 00'
        }
        aria-invalid={err ? 'true' : 'false'}
        aria-describedby={note ? `${statusId} ${id}-note` : statusId}
        onPaste={onPaste}
        onInput={onInput}
      />
      <div class="controls">
        <label for={`${id}-fmt`}>Format</label>
        <select
          id={`${id}-fmt`}
          value={state.format}
          disabled={state.isNull}
          onChange={(e) => set({ format: e.currentTarget.value })}
        >
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
          aria-label={`${label}: file`}
          onChange={(e) => {
            takeFile(e.currentTarget.files[0]);
            e.currentTarget.value = '';
          }}
        />
        {children}
      </div>
      <p
        id={statusId}
        class={`fmt-status${err ? ' bad' : ''}`}
        data-format={state.isNull ? 'null' : parsed.ok ? parsed.format : 'error'}
      >
        {state.isNull ? (
          'No value: decoded as a null tombstone.'
        ) : parsed.ok ? (
          <>
            {state.format === 'auto' ? 'Detected: ' : 'Format: '}
            <strong>{parsed.format === 'empty' ? 'empty (0 bytes)' : FORMAT_LABELS[parsed.format]}</strong>
            {parsed.detail && !(parsed.isNull && !nullable) && ` (${parsed.detail})`}
            {parsed.format !== 'empty' && !parsed.isNull && `, ${plural(parsed.bytes.length, 'byte')}`}
            {parsed.isNull && !nullable && ': a key is never null; no key to decode'}
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
      {note?.upload && (
        <UploadNote
          id={`${id}-note`}
          note={note}
          choose={(reading) => {
            set({ text: readingText(note.upload, reading), format: 'auto', isNull: false });
            setNote({ ...note, reading });
          }}
        />
      )}
      {note && !note.upload && (
        <Note id={`${id}-note`} role="alert">
          {note.text}
        </Note>
      )}
    </section>
  );
}
