// The field tree of one record (ARIA tree: one tab stop, arrows move, Left/Right collapse and
// expand, Enter jumps to the field's first byte in the hex dump).
import { FieldValue } from './FieldValue.jsx';

export function FieldTree({
  id,
  ins,
  rows,
  byPath,
  expanded,
  setExpanded,
  selected,
  setSelected,
  hover,
  setHover,
  focusTree,
  focusByte,
  treeRef,
}) {
  const focusIdx = Math.max(
    0,
    rows.findIndex((r) => r.node.path === selected),
  );

  function onKeyDown(e) {
    const i = rows.findIndex((r) => r.node.path === (selected ?? rows[0]?.node.path));
    const r = rows[i];
    if (!r) return;
    let next = null;
    switch (e.key) {
      case 'ArrowDown':
        next = rows[i + 1];
        break;
      case 'ArrowUp':
        next = rows[i - 1];
        break;
      case 'Home':
        next = rows[0];
        break;
      case 'End':
        next = rows[rows.length - 1];
        break;
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
              <FieldValue node={node} />
              {!node.complete && <span class="badge bad">incomplete</span>}
            </span>
          </div>
          {node.children.length > 0 && open && <ul role="group">{renderNodes(node.children, depth + 1)}</ul>}
        </li>
      );
    });
  }

  return (
    <div class="tree-wrap">
      <h3 id={`${id}-tree-h`} class="sub">
        Fields
      </h3>
      {ins.fields.length ? (
        <ul role="tree" aria-labelledby={`${id}-tree-h`} class="tree" ref={treeRef} onKeyDown={onKeyDown}>
          {renderNodes(ins.fields, 1)}
        </ul>
      ) : (
        <p class="muted">No fields.</p>
      )}
      {ins.error && (
        <p class="stopnote">
          Decoding stopped at offset {ins.error.offset}; the fields above were read before the failure.
        </p>
      )}
    </div>
  );
}
