// One inspected record: the field tree next to the hex dump, linked both ways (mouse and keyboard).
// This component holds the shared selection, hover and cursor; the tree and the dump render them.
import { useState, useMemo, useRef, useEffect } from 'preact/hooks';
import { allNodes, flatten, fieldAt } from '../lib/fields.js';
import { FieldTree } from './FieldTree.jsx';
import { HexDump } from './HexDump.jsx';

export function RecordView({ ins, bytes, id, cols, initialSelected = null, onSelect }) {
  const nodes = useMemo(() => allNodes(ins.fields), [ins]);
  const [expanded, setExpanded] = useState(() => new Set(nodes.filter((n) => n.children.length).map((n) => n.path)));
  const [selected, setSelectedState] = useState(() =>
    initialSelected && nodes.some((n) => n.path === initialSelected) ? initialSelected : null,
  );
  const [hover, setHover] = useState(null);
  const [cursor, setCursor] = useState(0);
  const treeRef = useRef();
  const gridRef = useRef();
  const setSelected = (path) => {
    setSelectedState(path);
    onSelect?.(path);
  };

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

  // Focus moves to an element that may only exist after the next render: try now, else next frame.
  function focusIn(ref, selector) {
    const find = () => ref.current?.querySelector(selector);
    if (find()) find().focus();
    else requestAnimationFrame(() => find()?.focus());
  }
  function focusTree(path) {
    setSelected(path);
    focusIn(treeRef, `[data-path="${CSS.escape(path)}"]`);
  }
  function focusByte(i) {
    i = Math.max(0, Math.min(Math.max(1, ins.size) - 1, i));
    setCursor(i);
    const f = fieldAt(nodes, i);
    if (f) setSelected(f.path);
    focusIn(gridRef, `[data-i="${i}"]`);
  }

  const common = { id, ins, selected, setSelected, setHover, focusTree, focusByte };
  return (
    <div class="rv">
      <FieldTree
        {...common}
        rows={rows}
        byPath={byPath}
        expanded={expanded}
        setExpanded={setExpanded}
        hover={hover}
        treeRef={treeRef}
      />
      <HexDump
        {...common}
        bytes={bytes}
        nodes={nodes}
        cols={cols}
        sel={selected && byPath.get(selected)}
        hov={hover && byPath.get(hover)}
        cursor={cursor}
        setCursor={setCursor}
        gridRef={gridRef}
      />
    </div>
  );
}
