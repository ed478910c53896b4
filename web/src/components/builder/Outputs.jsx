// The builder's bytes as text: the key and the value in every literal format of the package
// (wasm/text/literals.js), the JSON Lines line of the pair, each with a copy button, and "open in viewer"
// in a chosen format.
import { useState } from 'preact/hooks';
import { LITERALS, LITERAL_FORMATS, formatLiteral, formatJsonLine } from '../../../../wasm/text/literals.js';
import { copyText } from '../../lib/clipboard.js';
import { plural } from '../../lib/text.js';

function Row({ id, label, text, announce }) {
  return (
    <div class="lit" data-literal={id}>
      <span class="lit-label">{label}</span>
      <code class="lit-text">{text}</code>
      <button
        type="button"
        aria-label={`Copy ${label}`}
        onClick={async () => announce((await copyText(text)) ? `Copied ${label}.` : 'Copy failed: the browser refused the clipboard.')}
      >
        Copy
      </button>
    </div>
  );
}

function PartLiterals({ part, bytes, announce }) {
  const title = part === 'key' ? 'Key' : 'Value';
  return (
    <section class="lits" id={`b-out-${part}`} aria-labelledby={`b-out-${part}-h`} data-bytes={bytes ? formatLiteral(bytes, 'hex') : 'null'}>
      <h3 id={`b-out-${part}-h`}>
        {title} {bytes ? `(${plural(bytes.length, 'byte')})` : '(no value: null)'}
      </h3>
      {bytes && LITERAL_FORMATS.map((f) => <Row id={f} label={`${title} as ${LITERALS[f].label}`} text={formatLiteral(bytes, f)} announce={announce} />)}
    </section>
  );
}

export function Outputs({ keyBytes, valueBytes, onOpen, announce }) {
  const [as, setAs] = useState('hex');
  const ready = keyBytes !== undefined && valueBytes !== undefined;
  if (!ready) return <p class="muted">Fix the fields marked above to see the bytes.</p>;
  const open = () => {
    const text = (b) => (b ? formatLiteral(b, as) : null);
    onOpen({ key: text(keyBytes), value: text(valueBytes), format: LITERALS[as].parseAs });
  };
  return (
    <div class="outputs">
      <div class="controls open-as">
        <label for="b-open-as">Open in the viewer as</label>
        <select id="b-open-as" value={as} onChange={(e) => setAs(e.currentTarget.value)}>
          {LITERAL_FORMATS.map((f) => (
            <option value={f}>{LITERALS[f].label}</option>
          ))}
        </select>
        <button type="button" class="primary" onClick={open}>
          Open in viewer
        </button>
      </div>
      <PartLiterals part="key" bytes={keyBytes} announce={announce} />
      <PartLiterals part="value" bytes={valueBytes} announce={announce} />
      <section class="lits" aria-labelledby="b-out-jsonl-h">
        <h3 id="b-out-jsonl-h">The pair as a JSON Lines line (the whole-topic mode's input)</h3>
        <Row id="jsonl" label="JSON Lines line" text={formatJsonLine({ key: keyBytes, value: valueBytes })} announce={announce} />
      </section>
    </div>
  );
}
