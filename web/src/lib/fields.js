// Walks over inspect()'s field tree (no UI here): the visible rows, every node, the field at a byte,
// the bytes an error marks.

/** The rows shown: each node, and the children of the expanded ones. */
export function flatten(fields, expanded, depth = 1, out = [], parent = null) {
  fields.forEach((node, i) => {
    out.push({ node, depth, parent, pos: i + 1, size: fields.length });
    if (node.children.length && expanded.has(node.path)) flatten(node.children, expanded, depth + 1, out, node.path);
  });
  return out;
}

/** The paths of the nodes (allNodes') that have children: a tree shown fully expanded. */
export const pathsWithChildren = (nodes) => new Set(nodes.filter((n) => n.children.length).map((n) => n.path));

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
    const field = all.find((n) => n.path === e.field) ?? all.filter((n) => !n.complete).pop();
    let end = ins.size;
    if (e.code !== 'TRAILING_BYTES' && field && field.offset + field.length > e.offset)
      end = field.offset + field.length;
    return [e.offset, Math.max(end, e.offset + 1)];
  });
}
