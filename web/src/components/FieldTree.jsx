// A tree of fields (ARIA tree: one tab stop, arrows move, Left/Right collapse and expand, Enter
// activates: in the record view it jumps to the field's first byte in the hex dump). The record
// view shows one inspection's fields (fieldCells); the diff view (components/diff/) the rows of
// two, with its own cells.
import { FieldValue } from './FieldValue.jsx';

/** The record view's cells of a field: wire type, offset and length, value. */
export function fieldCells(node) {
  return (
    <>
      <span class="wt">{node.wireType}</span>
      <span class="rng">
        @{node.offset} · {node.length} B
      </span>
      <span class="val">
        <FieldValue node={node} />
        {!node.complete && <span class="badge bad">incomplete</span>}
      </span>
    </>
  );
}

/**
 * fields: the top-level nodes ({ path, name, children }); rows: flatten(fields, expanded). A node is
 * named by its index (rows' index: paths need not be unique): expanded (a Set), selected and hover
 * (or null), setSelected, setHover and focusTree take indices. cells(node): the row's cells after
 * the name; rowClass(node): its classes; onActivate(node): Enter or Space on a row; head: shown
 * above the tree (column headings); children: shown below it.
 */
export function FieldTree({
  id,
  title = 'Fields',
  fields,
  rows,
  expanded,
  setExpanded,
  selected,
  setSelected,
  hover,
  setHover,
  focusTree,
  onActivate,
  treeRef,
  cells = fieldCells,
  rowClass = () => '',
  head,
  children,
}) {
  const focusIdx = Math.max(
    0,
    rows.findIndex((r) => r.index === selected),
  );
  const indexOf = new Map(rows.map((r) => [r.node, r.index]));

  function onKeyDown(e) {
    const i = selected === null ? 0 : rows.findIndex((r) => r.index === selected);
    const r = rows[i];
    if (!r) return;
    const open = expanded.has(r.index);
    let next = null;
    switch (e.key) {
      case 'ArrowDown':
        next = rows[i + 1]?.index;
        break;
      case 'ArrowUp':
        next = rows[i - 1]?.index;
        break;
      case 'Home':
        next = rows[0].index;
        break;
      case 'End':
        next = rows[rows.length - 1].index;
        break;
      case 'ArrowRight':
        if (r.node.children.length) {
          if (!open) setExpanded(new Set([...expanded, r.index]));
          else next = rows[i + 1]?.index;
        }
        break;
      case 'ArrowLeft':
        if (r.node.children.length && open) {
          const s = new Set(expanded);
          s.delete(r.index);
          setExpanded(s);
        } else next = r.parent;
        break;
      case 'Enter':
      case ' ':
        onActivate(r.node);
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next != null) focusTree(next);
  }

  function renderNodes(list, depth) {
    return list.map((node, k) => {
      const index = indexOf.get(node);
      const open = expanded.has(index);
      return (
        <li
          role="treeitem"
          aria-level={depth}
          aria-setsize={list.length}
          aria-posinset={k + 1}
          aria-selected={selected === index ? 'true' : 'false'}
          aria-expanded={node.children.length ? (open ? 'true' : 'false') : undefined}
          tabIndex={rows[focusIdx]?.index === index ? 0 : -1}
          data-path={node.path}
          data-index={index}
          class={`ti${rowClass(node)}${selected === index ? ' selected' : ''}${hover === index ? ' hovered' : ''}`}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setSelected(index);
          }}
          onClick={(e) => {
            e.stopPropagation();
            focusTree(index);
          }}
          onMouseOver={(e) => {
            e.stopPropagation();
            setHover(index);
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
                    open ? s.delete(index) : s.add(index);
                    setExpanded(s);
                    focusTree(index);
                  }}
                >
                  {open ? '▾' : '▸'}
                </span>
              ) : (
                <span class="twisty" aria-hidden="true" />
              )}
              {node.name}
            </span>
            {cells(node)}
          </div>
          {node.children.length > 0 && open && <ul role="group">{renderNodes(node.children, depth + 1)}</ul>}
        </li>
      );
    });
  }

  return (
    <div class="tree-wrap">
      <h3 id={`${id}-tree-h`} class="sub">
        {title}
      </h3>
      {head}
      {fields.length ? (
        <ul role="tree" aria-labelledby={`${id}-tree-h`} class="tree" ref={treeRef} onKeyDown={onKeyDown}>
          {renderNodes(fields, 1)}
        </ul>
      ) : (
        <p class="muted">No fields.</p>
      )}
      {children}
    </div>
  );
}
