// The value column of a field: strings with visible escapes, i64 exact (timestamps also as ISO-8601
// UTC and relative to now), small integers with their meaning, and a field with no value (a null
// string or bytes, a field not read) by what inspect() says of it: "null" is not "(empty string)".
import { VisibleString } from './VisibleString.jsx';
import { isoOf, relative, TIMESTAMPS } from '../lib/text.js';

export function FieldValue({ node }) {
  const v = node.value;
  if (v === undefined) {
    if (node.meaning) return <span class="meaning absent">{node.meaning}</span>;
    return <span class="muted">{node.complete ? '' : '(not read)'}</span>;
  }
  if (typeof v === 'string') return <VisibleString value={v} />;
  if (typeof v === 'bigint') {
    const iso = TIMESTAMPS.has(node.name) ? isoOf(v) : null;
    return (
      <span>
        <span class="num">{v.toString()}</span>
        {TIMESTAMPS.has(node.name) && (
          <span class="ts">
            {iso ? (
              <>
                {' '}
                <time datetime={iso}>{iso}</time> ·{' '}
                <span class="rel">{relative(node.name, v, BigInt(Date.now()))}</span>
              </>
            ) : (
              ' (outside the date range)'
            )}
          </span>
        )}
      </span>
    );
  }
  return (
    <span>
      <span class="num">{String(v)}</span>
      {node.wireType === 'i16' && node.name === 'length' && <span class="muted">{v === 1 ? ' byte' : ' bytes'}</span>}
      {node.meaning && <span class="meaning"> ({node.meaning})</span>}
    </span>
  );
}
