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
 * fields: the top-level nodes ({ path, name, children }); rows: flatten(fields, expanded);
 * cells(node): the row's cells after the name; rowClass(node): its classes; onActivate(node): Enter
 * or Space on a row; head: shown above the tree (column headings); children: shown below it.
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
    rows.findIndex((r) => r.node.path === selected),
  );

  function onKeyDown(e) {
    const i = rows.findIndex((r) => r.node.path === (selected ?? rows[0]?.node.path));
    const r = rows[i];
    if (!r) return;
    const open = expanded.has(r.node.path);
    let next = null;
    switch (e.key) {
      case 'ArrowDown':
        next = rows[i + 1]?.node.path;
        break;
      case 'ArrowUp':
        next = rows[i - 1]?.node.path;
        break;
      case 'Home':
        next = rows[0].node.path;
        break;
      case 'End':
        next = rows[rows.length - 1].node.path;
        break;
      case 'ArrowRight':
        if (r.node.children.length) {
          if (!open) setExpanded(new Set([...expanded, r.node.path]));
          else next = rows[i + 1]?.node.path;
        }
        break;
      case 'ArrowLeft':
        if (r.node.children.length && open) {
          const s = new Set(expanded);
          s.delete(r.node.path);
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
    if (next) focusTree(next);
  }

  function renderNodes(list, depth) {
    return list.map((node, k) => {
      const open = expanded.has(node.path);
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
          class={`ti${rowClass(node)}${selected === node.path ? ' selected' : ''}${hover === node.path ? ' hovered' : ''}`}
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
