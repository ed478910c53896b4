// One inspected record: the field tree next to the hex dump, linked both ways (mouse and keyboard).
// This component holds the shared selection, hover and cursor; the tree and the dump render them.
import { useState, useMemo, useRef, useEffect } from 'preact/hooks';
import { allNodes, flatten, fieldAt, pathsWithChildren } from '../lib/fields.js';
import { FieldTree } from './FieldTree.jsx';
import { HexDump, MAX_BYTES } from './HexDump.jsx';

/** Focuses the element of ref matching selector, which may only exist after the next render: now, else next frame. */
function focusIn(ref, selector) {
  const find = () => ref.current?.querySelector(selector);
  if (find()) find().focus();
  else requestAnimationFrame(() => find()?.focus());
}

/**
 * A hex dump's cursor (back to 0 when a new inspection is shorter), and the move to byte i of the
 * inspection: the cursor there, the deepest field there selected, its cell focused. Returns
 * { cursor, setCursor, gridRef (the dump's grid), focusByte }.
 */
export function useByteCursor(ins, nodes, setSelected) {
  const [cursor, setCursor] = useState(0);
  const gridRef = useRef();
  useEffect(() => {
    if (cursor >= Math.max(1, ins.size)) setCursor(0);
  }, [ins]);
  function focusByte(i) {
    // Within the cells the dump shows (its first MAX_BYTES): a cursor past them left no cell to
    // focus and the grid out of the Tab order.
    i = Math.max(0, Math.min(Math.min(Math.max(1, ins.size), MAX_BYTES) - 1, i));
    setCursor(i);
    const f = fieldAt(nodes, i);
    if (f) setSelected(f.path);
    focusIn(gridRef, `[data-i="${i}"]`);
  }
  return { cursor, setCursor, gridRef, focusByte };
}

/**
 * A field tree's state over its nodes (allNodes'): which are expanded (all with children, again
 * for new nodes), its element, and the move to a field: selected, its row focused. Returns
 * { expanded, setExpanded, treeRef, focusTree }, FieldTree's props of the same names.
 */
export function useTree(nodes, setSelected) {
  const [expanded, setExpanded] = useState(() => pathsWithChildren(nodes));
  const treeRef = useRef();
  // Not on mount: the initial state already matches, and a state change would render twice.
  const shown = useRef(nodes);
  useEffect(() => {
    if (shown.current === nodes) return;
    shown.current = nodes;
    setExpanded(pathsWithChildren(nodes));
  }, [nodes]);
  function focusTree(path) {
    setSelected(path);
    focusIn(treeRef, `[data-path="${CSS.escape(path)}"]`);
  }
  return { expanded, setExpanded, treeRef, focusTree };
}

export function RecordView({ ins, bytes, id, cols, initialSelected = null, onSelect }) {
  const nodes = useMemo(() => allNodes(ins.fields), [ins]);
  const [selected, setSelectedState] = useState(() =>
    initialSelected && nodes.some((n) => n.path === initialSelected) ? initialSelected : null,
  );
  const [hover, setHover] = useState(null);
  const setSelected = (path) => {
    setSelectedState(path);
    onSelect?.(path);
  };
  const tree = useTree(nodes, setSelected);
  const byteCursor = useByteCursor(ins, nodes, setSelected);

  // A new inspection: keep the selection only if that field still exists. Not on mount: the initial
  // state already matches, and a state change here would render the view a second time.
  const shown = useRef(ins);
  useEffect(() => {
    if (shown.current === ins) return;
    shown.current = ins;
    if (selected && !nodes.some((n) => n.path === selected)) setSelected(null);
  }, [ins]);

  const byPath = new Map(nodes.map((n) => [n.path, n]));
  // The fields of the nested levels that did not decode (a __consumer_offsets group's members).
  const nestedFailed = new Set((ins.nestedErrors ?? []).map((e) => e.field));

  return (
    <div class="rv">
      <FieldTree
        {...tree}
        id={id}
        fields={ins.fields}
        rows={flatten(ins.fields, tree.expanded)}
        selected={selected}
        setSelected={setSelected}
        hover={hover}
        setHover={setHover}
        onActivate={(node) => node.length && byteCursor.focusByte(node.offset)}
        rowClass={(node) =>
          `${node.complete ? '' : ' incomplete'}${(ins.error && (node.path === ins.error.field || !node.complete)) || nestedFailed.has(node.path) ? ' is-err' : ''}`
        }
      >
        {ins.error && (
          <p class="stopnote">
            Decoding stopped at offset {ins.error.offset}; the fields above were read before the failure.
          </p>
        )}
      </FieldTree>
      <HexDump
        {...byteCursor}
        id={id}
        ins={ins}
        bytes={bytes}
        nodes={nodes}
        cols={cols}
        selected={selected}
        sel={selected && byPath.get(selected)}
        hov={hover && byPath.get(hover)}
        setSelected={setSelected}
        setHover={setHover}
        focusTree={tree.focusTree}
      />
    </div>
  );
}
