// The note under an input after an upload: the file, the reading used (its raw bytes, or its text
// in an input format) and why, and a switch between the two readings when the file is such text.
import { INPUT_LIMIT } from '../lib/decode.js';
import { hex, plural } from '../lib/text.js';
import { Note } from './Note.jsx';

/**
 * The text put in the text area for a reading of an upload (detectUpload's result): raw bytes as
 * hex, spaced unless that is over the text limit (a 25,000-byte file made 74,999 characters, which
 * a share link dropped and no edit could shorten), then unspaced (files up to 32 KiB fit).
 */
export function readingText(upload, reading) {
  if (reading === 'text') return upload.text;
  const spaced = hex(upload.raw);
  return spaced.length <= INPUT_LIMIT ? spaced : hex(upload.raw, '');
}

export function UploadNote({ id, note, choose }) {
  const { name, upload, reading } = note;
  const canText = upload.parsed?.ok && upload.parsed.format !== 'empty';
  const bytes = reading === 'text' ? upload.parsed.bytes.length : upload.raw.length;
  // A raw file over 32 KiB: its hex (unspaced, readingText) is decoded whole, but it is over the cap
  // of a text, which an edit keeps to and a link cannot go beyond (lib/share.js linkOf): said now,
  // not at the surprise. A text file's reading is never longer than the file, at most the cap.
  const length = reading === 'raw' ? upload.raw.length * 2 : 0;
  return (
    <div id={id} class="muted small upload-note" data-reading={reading}>
      <p>
        Loaded {name} ({plural(upload.raw.length, 'byte')}){' '}
        {reading === 'text' ? `as text: ${plural(bytes, 'record byte')}` : 'as raw bytes'}.
        {reading === upload.reading && ` Why: ${upload.reason}.`}
      </p>
      {length > INPUT_LIMIT && (
        <Note role="status">
          Its hex is {length.toLocaleString('en')} characters, over the 64 KiB a text may have (raw files up to 32 KiB
          fit): it is decoded, but an edit to the text is refused and a link cannot carry it.
        </Note>
      )}
      {canText && (
        <div class="seg" role="radiogroup" aria-label={`Read ${name} as`}>
          <label>
            <input type="radio" name={`${id}-reading`} checked={reading === 'raw'} onChange={() => choose('raw')} /> Raw
            bytes of the file
          </label>
          <label>
            <input type="radio" name={`${id}-reading`} checked={reading === 'text'} onChange={() => choose('text')} />{' '}
            Text in the file
          </label>
        </div>
      )}
    </div>
  );
}
