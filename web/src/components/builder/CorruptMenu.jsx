// "Corrupt it": the common broken variants of the built key or value (wasm/text/literals.js
// corruptVariants), each with the exact error the decoder gives for it, to copy or open in the
// viewer: bytes for negative tests.
import { useState, useMemo } from 'preact/hooks';
import { corruptVariants, formatLiteral } from '../../../../wasm/text/literals.js';
import { copyText } from '../../lib/clipboard.js';
import { plural } from '../../lib/text.js';

export function CorruptMenu({ codec, keyBytes, valueBytes, kind, onOpen, announce }) {
  const [part, setPart] = useState('key');
  const bytes = part === 'key' ? keyBytes : valueBytes;
  const target = part === 'key' ? 'key' : kind;
  // The error shown is the decoder's own for the variant's bytes (not the variant's expectation).
  const variants = useMemo(
    () => (bytes ? corruptVariants(codec, bytes, target).map((v) => ({ ...v, error: codec.inspect(v.bytes, target).error })) : []),
    [codec, bytes, target],
  );
  return (
    <details class="corrupt" id="b-corrupt">
      <summary>Corrupt it: broken variants for negative tests</summary>
      <div class="seg" role="radiogroup" aria-label="Corrupt which part">
        {['key', 'value'].map((p) => (
          <label>
            <input type="radio" name="b-corrupt-part" checked={part === p} onChange={() => setPart(p)} /> the {p}
          </label>
        ))}
      </div>
      {!bytes && <p class="muted">{part === 'value' && valueBytes === null ? 'No value to corrupt (a null tombstone).' : 'Fix the fields marked above first.'}</p>}
      <ul class="variants">
        {variants.map((v) => {
          const hex = formatLiteral(v.bytes, 'hex');
          return (
            <li data-variant={v.id} data-code={v.error?.code ?? 'none'} data-bytes={hex}>
              <p>
                <strong>{v.label}</strong> ({plural(v.bytes.length, 'byte')}):{' '}
                {v.error ? (
                  <>
                    <strong class="code">{v.error.code}</strong> in <code>{v.error.field}</code> at byte offset {v.error.offset}
                  </>
                ) : (
                  'decodes (no error)'
                )}
              </p>
              {v.error && <p class="msg">{v.error.message}</p>}
              <code class="lit-text">{hex}</code>
              <div class="actions">
                <button type="button" aria-label={`Copy hex: ${v.label}`} onClick={async () => announce((await copyText(hex)) ? `Copied the hex of "${v.label}".` : 'Copy failed: the browser refused the clipboard.')}>
                  Copy hex
                </button>
                <button type="button" aria-label={`Open in viewer: ${v.label}`} onClick={() => onOpen(part, v.bytes, target)}>
                  Open in viewer
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
