// Walks over inspect()'s field tree (no UI here): the visible rows, every node, the field at a byte,
// the bytes an error marks.

/**
 * The rows shown: each node, and the children of the expanded ones (expanded: a Set of indices).
 * A row's index and its parent's are in allNodes' order: a node is identified by its index, as two
 * can share a path (a record failing in its tagged fields has their count and the failing tag both
 * at `x.tagged_fields`, as the error names it).
 */
export function flatten(fields, expanded) {
  const out = [];
  let next = 0;
  const walk = (list, depth, parent) => {
    for (const node of list) {
      const index = next++;
      out.push({ node, index, depth, parent });
      if (expanded.has(index)) walk(node.children, depth + 1, index);
      else next += countNodes(node.children);
    }
  };
  walk(fields, 1, null);
  return out;
}

const countNodes = (list) => list.reduce((n, c) => n + 1 + countNodes(c.children), 0);

/** The indices of the nodes (allNodes') that have children: a tree shown fully expanded. */
export const indicesWithChildren = (nodes) => new Set(nodes.flatMap((n, i) => (n.children.length ? [i] : [])));

/** The index of the first node with this path (a link keeps a field by its path), or null. */
export function firstWithPath(nodes, path) {
  const i = path == null ? -1 : nodes.findIndex((n) => n.path === path);
  return i < 0 ? null : i;
}

/**
 * The node an error (the record's or a nested level's) failed in, of nodes (allNodes'): the last
 * with its path (the failing one, where that path names several: the tagged fields' count, then the
 * failing tag), else the last read incompletely.
 */
export function errorNode(nodes, error) {
  return nodes.findLast((n) => n.path === error.field) ?? nodes.findLast((n) => !n.complete) ?? null;
}

export function allNodes(fields, out = []) {
  for (const n of fields) {
    out.push(n);
    allNodes(n.children, out);
  }
  return out;
}

/** The deepest field covering byte i. */
export function fieldAt(nodes, i) {
  let best = null;
  for (const n of nodes) {
    if (i >= n.offset && i < n.offset + n.length && (!best || n.length <= best.length)) best = n;
  }
  return best;
}

/**
 * [start, end) of the bytes to mark for each error: the record's, and each nested level's that did
 * not decode (a __consumer_offsets group's members: ins.nestedErrors); from its offset to the end of
 * the failing field or input.
 */
export function errorRanges(ins) {
  const errors = [ins.error, ...(ins.nestedErrors ?? [])].filter(Boolean);
  if (!errors.length) return [];
  const all = allNodes(ins.fields);
  return errors.map((e) => {
    const field = errorNode(all, e);
    let end = ins.size;
    if (e.code !== 'TRAILING_BYTES' && field && field.offset + field.length > e.offset)
      end = field.offset + field.length;
    return [e.offset, Math.max(end, e.offset + 1)];
  });
}
