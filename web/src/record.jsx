// One inspected record: the field tree next to the hex dump, linked both ways (mouse and keyboard).
import { useState, useMemo, useRef, useEffect } from 'preact/hooks';
import { VisibleString, isoOf, relative, TIMESTAMPS } from './text.jsx';

const MAX_BYTES = 4096;

function flatten(fields, expanded, depth = 1, out = [], parent = null) {
  fields.forEach((node, i) => {
    out.push({ node, depth, parent, pos: i + 1, size: fields.length });
    if (node.children.length && expanded.has(node.path)) flatten(node.children, expanded, depth + 1, out, node.path);
  });
  return out;
}

function allNodes(fields, out = []) {
  for (const n of fields) {
    out.push(n);
    allNodes(n.children, out);
  }
  return out;
}

/** The deepest field covering byte i. */
function fieldAt(nodes, i) {
  let best = null;
  for (const n of nodes) {
    if (i >= n.offset && i < n.offset + n.length && (!best || n.length <= best.length)) best = n;
  }
  return best;
}

/** [start, end) of the bytes to mark for an error: its offset to the end of the failing field or input. */
export function errorRange(ins) {
  const e = ins.error;
  if (!e) return null;
  const all = allNodes(ins.fields);
  const field = all.find((n) => n.path === e.field) ?? all.filter((n) => !n.complete).pop();
  let end = ins.size;
  if (e.code !== 'TRAILING_BYTES' && field && field.offset + field.length > e.offset) end = field.offset + field.length;
  return [e.offset, Math.max(end, e.offset + 1)];
}

function Value({ node }) {
  const v = node.value;
  if (v === undefined) return <span class="muted">{node.complete ? '' : '(not read)'}</span>;
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
                <time datetime={iso}>{iso}</time> · <span class="rel">{relative(node.name, v, BigInt(Date.now()))}</span>
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

export function RecordView({ ins, bytes, id, cols }) {
  const nodes = useMemo(() => allNodes(ins.fields), [ins]);
  const [expanded, setExpanded] = useState(() => new Set(nodes.filter((n) => n.children.length).map((n) => n.path)));
  const [selected, setSelected] = useState(null);
  const [hover, setHover] = useState(null);
  const [cursor, setCursor] = useState(0);
  const treeRef = useRef();
  const gridRef = useRef();

  // A new inspection: keep the selection only if that field still exists. Not on mount: the initial
  // state already matches, and a state change here would render the view a second time.
  const shown = useRef(ins);
  useEffect(() => {
    if (shown.current === ins) return;
    shown.current = ins;
    setExpanded(new Set(nodes.filter((n) => n.children.length).map((n) => n.path)));
    if (selected && !nodes.some((n) => n.path === selected)) setSelected(null);
    if (cursor >= Math.max(1, ins.size)) setCursor(0);
  }, [ins]);

  const rows = flatten(ins.fields, expanded);
  const byPath = new Map(nodes.map((n) => [n.path, n]));
  const sel = selected && byPath.get(selected);
  const hov = hover && byPath.get(hover);
  const err = errorRange(ins);
  const top = ins.fields;
  const focusIdx = Math.max(0, rows.findIndex((r) => r.node.path === selected));

  function focusTree(path) {
    setSelected(path);
    const find = () => treeRef.current?.querySelector(`[data-path="${CSS.escape(path)}"]`);
    if (find()) find().focus();
    else requestAnimationFrame(() => find()?.focus());
  }

  function onTreeKey(e) {
    const i = rows.findIndex((r) => r.node.path === (selected ?? rows[0]?.node.path));
    const r = rows[i];
    if (!r) return;
    let next = null;
    switch (e.key) {
      case 'ArrowDown': next = rows[i + 1]; break;
      case 'ArrowUp': next = rows[i - 1]; break;
      case 'Home': next = rows[0]; break;
      case 'End': next = rows[rows.length - 1]; break;
      case 'ArrowRight':
        if (r.node.children.length) {
          if (!expanded.has(r.node.path)) setExpanded(new Set([...expanded, r.node.path]));
          else next = rows[i + 1];
        }
        break;
      case 'ArrowLeft':
        if (r.node.children.length && expanded.has(r.node.path)) {
          const s = new Set(expanded);
          s.delete(r.node.path);
          setExpanded(s);
        } else if (r.parent) next = { node: byPath.get(r.parent) };
        break;
      case 'Enter':
      case ' ':
        if (r.node.length) focusByte(r.node.offset);
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next) focusTree(next.node.path);
  }

  function focusByte(i) {
    const n = Math.max(1, ins.size);
    i = Math.max(0, Math.min(n - 1, i));
    setCursor(i);
    const f = fieldAt(nodes, i);
    if (f) setSelected(f.path);
    const find = () => gridRef.current?.querySelector(`[data-i="${i}"]`);
    if (find()) find().focus();
    else requestAnimationFrame(() => find()?.focus());
  }

  function onGridKey(e) {
    const d = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }[e.key];
    if (d !== undefined) focusByte(cursor + d);
    else if (e.key === 'Home') focusByte(e.ctrlKey ? 0 : cursor - (cursor % cols));
    else if (e.key === 'End') focusByte(e.ctrlKey ? ins.size - 1 : cursor - (cursor % cols) + cols - 1);
    else if (e.key === 'Enter' && selected) focusTree(selected);
    else return;
    e.preventDefault();
  }

  const inRange = (n, i) => n && i >= n.offset && i < n.offset + n.length;

  // Hex dump: per byte, its top-level field (for the colour band) and its deepest field, computed once
  // per inspection. One set of listeners on the grid (events delegated by data-i), not four per byte.
  const data = bytes ?? new Uint8Array(0);
  const count = data.length;
  const byteFields = useMemo(() => {
    const n = Math.min(MAX_BYTES, count);
    const topOf = new Int16Array(n).fill(-1);
    const deepest = new Array(n).fill(null);
    top.forEach((f, t) => {
      for (let i = f.offset; i < Math.min(n, f.offset + f.length); i++) topOf[i] = t;
    });
    for (let i = 0; i < n; i++) deepest[i] = fieldAt(nodes, i);
    return { topOf, deepest };
  }, [ins, bytes]);
  const cellOf = (e) => {
    const el = e.target.closest?.('[data-i]');
    return el && gridRef.current?.contains(el) ? Number(el.dataset.i) : null;
  };
  const gridEvents = {
    onClick: (e) => {
      const i = cellOf(e);
      if (i !== null) focusByte(i);
    },
    onFocusIn: (e) => {
      const i = cellOf(e);
      if (i === null) return;
      setCursor(i);
      const g = fieldAt(nodes, i);
      if (g) setSelected(g.path);
    },
    onMouseOver: (e) => {
      const i = cellOf(e);
      if (i === null) return;
      const f = byteFields.deepest[i];
      setHover(f ? f.path : null);
    },
    onMouseOut: (e) => {
      if (cellOf(e) !== null) setHover(null);
    },
  };

  // Hex dump rows
  const hexRows = [];
  // A virtual "end of input" cell when the error points past the last byte (e.g. TRUNCATED).
  const endCell = err && err[0] >= count;
  // A record is small; a large dropped file shows its first MAX_BYTES bytes in the dump.
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
      if (err && i >= err[0] && i < err[1]) cls += ' err';
      if (past) cls += ' end';
      const f = past ? null : byteFields.deepest[i];
      const h = past ? '··' : (b < 16 ? '0' : '') + b.toString(16);
      cs.push(
        <span
          role="gridcell"
          class={cls}
          data-i={i}
          tabIndex={i === cursor ? 0 : -1}
          aria-selected={isSel ? 'true' : 'false'}
          aria-label={past ? `end of input at offset ${i}` : `offset ${i}: 0x${h}${f ? ', ' + f.path : ''}`}
        >
          {h}
        </span>,
      );
      if (!past) ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    }
    hexRows.push(
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

  function renderNodes(list, depth) {
    return list.map((node, k) => {
      const open = expanded.has(node.path);
      const isErr = ins.error && (node.path === ins.error.field || !node.complete);
      return (
        <li
          role="treeitem"
          aria-level={depth}
          aria-setsize={list.length}
          aria-posinset={k + 1}
          aria-selected={selected === node.path ? 'true' : 'false'}
          aria-expanded={node.children.length ? (open ? 'true' : 'false') : undefined}
          tabIndex={rows[focusIdx]?.node.path === node.path ? 0 : -1}
          data-path={node.path}
          class={`ti${node.complete ? '' : ' incomplete'}${isErr ? ' is-err' : ''}${selected === node.path ? ' selected' : ''}${hover === node.path ? ' hovered' : ''}`}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setSelected(node.path);
          }}
          onClick={(e) => {
            e.stopPropagation();
            focusTree(node.path);
          }}
          onMouseOver={(e) => {
            e.stopPropagation();
            setHover(node.path);
          }}
          onMouseOut={(e) => {
            e.stopPropagation();
            setHover(null);
          }}
        >
          <div class={`row d${depth}`}>
            <span class="name">
              {node.children.length ? (
                <span
                  class="twisty"
                  aria-hidden="true"
                  onClick={(e) => {
                    e.stopPropagation();
                    const s = new Set(expanded);
                    open ? s.delete(node.path) : s.add(node.path);
                    setExpanded(s);
                    focusTree(node.path);
                  }}
                >
                  {open ? '▾' : '▸'}
                </span>
              ) : (
                <span class="twisty" aria-hidden="true" />
              )}
              {node.name}
            </span>
            <span class="wt">{node.wireType}</span>
            <span class="rng">
              @{node.offset} · {node.length} B
            </span>
            <span class="val">
              <Value node={node} />
              {!node.complete && <span class="badge bad">incomplete</span>}
            </span>
          </div>
          {node.children.length > 0 && open && (
            <ul role="group">{renderNodes(node.children, depth + 1)}</ul>
          )}
        </li>
      );
    });
  }

  return (
    <div class="rv">
      <div class="tree-wrap">
        <h3 id={`${id}-tree-h`} class="sub">
          Fields
        </h3>
        {ins.fields.length ? (
          <ul role="tree" aria-labelledby={`${id}-tree-h`} class="tree" ref={treeRef} onKeyDown={onTreeKey}>
            {renderNodes(ins.fields, 1)}
          </ul>
        ) : (
          <p class="muted">No fields.</p>
        )}
        {ins.error && <p class="stopnote">Decoding stopped at offset {ins.error.offset}; the fields above were read before the failure.</p>}
      </div>
      <div class="hex-wrap">
        <h3 id={`${id}-hex-h`} class="sub">
          Bytes <span class="muted">({count})</span>
        </h3>
        {cells ? (
          <div role="grid" aria-labelledby={`${id}-hex-h`} class="hex" ref={gridRef} onKeyDown={onGridKey} {...gridEvents}>
            {hexRows}
          </div>
        ) : (
          <p class="muted">No bytes.</p>
        )}
        {count > MAX_BYTES && <p class="muted small">Showing the first {MAX_BYTES} of {count} bytes.</p>}
      </div>
    </div>
  );
}
