// One inspected record: the field tree next to the hex dump, linked both ways (mouse and keyboard).
// This component holds the shared selection, hover and cursor; the tree and the dump render them.
import { useState, useMemo, useRef, useEffect } from 'preact/hooks';
import { allNodes, flatten, fieldAt, indicesWithChildren, firstWithPath, errorNode } from '../lib/fields.js';
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
 * inspection: the cursor there, the deepest field there selected (selectField(node), a node of
 * nodes), its cell focused. Returns { cursor, setCursor, gridRef (the dump's grid), focusByte }.
 */
export function useByteCursor(ins, nodes, selectField) {
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
    if (f) selectField(f);
    focusIn(gridRef, `[data-i="${i}"]`);
  }
  return { cursor, setCursor, gridRef, focusByte };
}

/**
 * A field tree's state over its nodes (allNodes'; a node is named by its index there): which are
 * expanded (all with children, again for new nodes), its element, and the move to a field:
 * selected, its row focused. Returns { expanded, setExpanded, treeRef, focusTree }, FieldTree's
 * props of the same names.
 */
export function useTree(nodes, setSelected) {
  const [expanded, setExpanded] = useState(() => indicesWithChildren(nodes));
  const treeRef = useRef();
  // Not on mount: the initial state already matches, and a state change would render twice.
  const shown = useRef(nodes);
  useEffect(() => {
    if (shown.current === nodes) return;
    shown.current = nodes;
    setExpanded(indicesWithChildren(nodes));
  }, [nodes]);
  function focusTree(index) {
    setSelected(index);
    focusIn(treeRef, `[data-index="${index}"]`);
  }
  return { expanded, setExpanded, treeRef, focusTree };
}

export function RecordView({ ins, bytes, id, cols, initialSelected = null, onSelect }) {
  const nodes = useMemo(() => allNodes(ins.fields), [ins]);
  const indexOf = useMemo(() => new Map(nodes.map((n, i) => [n, i])), [nodes]);
  // The selected and the hovered field by their index in nodes (kept with the nodes they index),
  // not their path: two nodes can share one. The link keeps the selected field's path, and a new
  // inspection the same field if its path is still there: the first node with it.
  const [chosen, setChosen] = useState(() => ({ nodes, index: firstWithPath(nodes, initialSelected) }));
  const selected = chosen.nodes === nodes ? chosen.index : firstWithPath(nodes, chosen.nodes[chosen.index]?.path);
  const [hovered, setHovered] = useState({ nodes, index: null });
  const hover = hovered.nodes === nodes ? hovered.index : null;
  // The same state object when nothing changes: a mouse moving over the rows renders nothing.
  const setHover = (index) => setHovered((h) => (h.nodes === nodes && h.index === index ? h : { nodes, index }));
  const setSelected = (index) => {
    setChosen({ nodes, index });
    onSelect?.(index === null ? null : nodes[index].path);
  };
  const tree = useTree(nodes, setSelected);
  const byteCursor = useByteCursor(ins, nodes, (node) => setSelected(indexOf.get(node)));

  // A new inspection without the selected field: the link forgets it too.
  useEffect(() => {
    if (chosen.nodes !== nodes && chosen.index !== null && selected === null) setSelected(null);
  }, [nodes]);

  // The nodes marked as errors: the record's failing field, each nested level's that did not decode
  // (a __consumer_offsets group's members), and with a record error every field read incompletely.
  const failed = new Set([ins.error, ...(ins.nestedErrors ?? [])].filter(Boolean).map((e) => errorNode(nodes, e)));

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
          `${node.complete ? '' : ' incomplete'}${failed.has(node) || (ins.error && !node.complete) ? ' is-err' : ''}`
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
        sel={selected === null ? null : nodes[selected]}
        hov={hover === null ? null : nodes[hover]}
        selectField={(node) => setSelected(indexOf.get(node))}
        hoverField={(node) => setHover(node ? indexOf.get(node) : null)}
        focusField={(node) => tree.focusTree(indexOf.get(node))}
      />
    </div>
  );
}
