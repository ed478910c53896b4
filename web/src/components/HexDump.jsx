// The hex dump of one record (ARIA grid: arrows move byte by byte, Home/End by row, Ctrl+Home/End
// to the ends, Enter jumps to the field in the tree). Bytes are coloured by top-level field, the
// selected field's and the hovered field's bytes marked, the failing bytes of an error (and of each
// nested level's error) highlighted, and in the diff view the bytes that differ from the other
// record's (changed: 1 per such byte). It speaks of the fields as nodes of its inspection (sel, hov,
// selectField, hoverField, focusField: the selected field's row in the tree, on Enter); the view
// around it maps them to the tree's (a node's path need not be unique).
import { useMemo } from 'preact/hooks';
import { fieldAt, errorRanges } from '../lib/fields.js';

/** A record is small; a large paste shows its first MAX_BYTES bytes in the dump (the decoder reads all). */
export const MAX_BYTES = 1024;

const inRange = (n, i) => n && i >= n.offset && i < n.offset + n.length;

export function HexDump({
  id,
  title = 'Bytes',
  ins,
  changed,
  bytes,
  nodes,
  cols,
  sel,
  hov,
  cursor,
  setCursor,
  selectField,
  hoverField,
  focusByte,
  focusField,
  gridRef,
}) {
  const data = bytes ?? new Uint8Array(0);
  const count = data.length;
  const errs = errorRanges(ins);

  // Per byte, its top-level field (for the colour band) and its deepest field, computed once per
  // inspection. One set of listeners on the grid (events delegated by data-i), not four per byte.
  const byteFields = useMemo(() => {
    const n = Math.min(MAX_BYTES, count);
    const topOf = new Int16Array(n).fill(-1);
    const deepest = new Array(n).fill(null);
    ins.fields.forEach((f, t) => {
      for (let i = f.offset; i < Math.min(n, f.offset + f.length); i++) topOf[i] = t;
    });
    for (let i = 0; i < n; i++) deepest[i] = fieldAt(nodes, i);
    return { topOf, deepest };
  }, [ins, bytes]);

  const cellOf = (e) => {
    const el = e.target.closest?.('[data-i]');
    return el && gridRef.current?.contains(el) ? Number(el.dataset.i) : null;
  };
  const events = {
    onClick: (e) => {
      const i = cellOf(e);
      if (i !== null) focusByte(i);
    },
    onFocusIn: (e) => {
      const i = cellOf(e);
      if (i === null) return;
      setCursor(i);
      const g = fieldAt(nodes, i);
      if (g) selectField(g);
    },
    onMouseOver: (e) => {
      const i = cellOf(e);
      if (i === null) return;
      hoverField(byteFields.deepest[i]);
    },
    onMouseOut: (e) => {
      if (cellOf(e) !== null) hoverField(null);
    },
  };

  function onKeyDown(e) {
    const d = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }[e.key];
    if (d !== undefined) focusByte(cursor + d);
    else if (e.key === 'Home') focusByte(e.ctrlKey ? 0 : cursor - (cursor % cols));
    else if (e.key === 'End') focusByte(e.ctrlKey ? ins.size - 1 : cursor - (cursor % cols) + cols - 1);
    else if (e.key === 'Enter' && sel) focusField(sel);
    else return;
    e.preventDefault();
  }

  const rows = [];
  // A virtual "end of input" cell when the error points past the last byte (e.g. TRUNCATED).
  const endCell = errs.some(([start]) => start >= count);
  const cells = Math.min(MAX_BYTES, count + (endCell ? 1 : 0));
  for (let r = 0; r * cols < cells; r++) {
    const cs = [];
    let ascii = '';
    for (let i = r * cols; i < Math.min(cells, (r + 1) * cols); i++) {
      const past = i >= count;
      const b = past ? 0 : data[i];
      const t = past ? -1 : byteFields.topOf[i];
      let cls = 'b';
      if (t >= 0) cls += ' f' + (t % 4);
      else if (!past) cls += ' unread';
      const isSel = inRange(sel, i);
      if (isSel) cls += ' sel';
      if (inRange(hov, i)) cls += ' hov';
      if (errs.some(([start, end]) => i >= start && i < end)) cls += ' err';
      if (changed?.[i]) cls += ' chg';
      if (past) cls += ' end';
      const f = past ? null : byteFields.deepest[i];
      const h = past ? '··' : (b < 16 ? '0' : '') + b.toString(16);
      cs.push(
        <span
          role="gridcell"
          class={cls}
          data-i={i}
          tabIndex={i === Math.min(cursor, cells - 1) ? 0 : -1}
          aria-selected={isSel ? 'true' : 'false'}
          aria-label={
            past
              ? `end of input at offset ${i}`
              : `offset ${i}: 0x${h}${f ? ', ' + f.path : ''}${changed?.[i] ? ', differs' : ''}`
          }
        >
          {h}
        </span>,
      );
      if (!past) ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    }
    rows.push(
      <div role="row" class="hrow">
        <span role="rowheader" class="off">
          {(r * cols).toString(16).padStart(4, '0')}
        </span>
        {cs}
        <span class="ascii" aria-hidden="true">
          {ascii}
        </span>
      </div>,
    );
  }

  return (
    <div class="hex-wrap">
      <h3 id={`${id}-hex-h`} class="sub">
        {title} <span class="muted">({count})</span>
      </h3>
      {cells ? (
        <div role="grid" aria-labelledby={`${id}-hex-h`} class="hex" ref={gridRef} onKeyDown={onKeyDown} {...events}>
          {rows}
        </div>
      ) : (
        <p class="muted">No bytes.</p>
      )}
      {count > MAX_BYTES && (
        <p class="muted small">
          Showing the first {MAX_BYTES} of {count} bytes.
        </p>
      )}
    </div>
  );
}
