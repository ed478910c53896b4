// The files of a drop on the page, directories walked (a drop gives entries, not a file list).

/** The files under the dropped `entries`, each with its `relativePath` (as a directory input sets it). */
export async function droppedFiles(entries) {
  const out = [];
  async function walk(entry, path) {
    if (entry.isFile) {
      const file = await new Promise((res, rej) => entry.file(res, rej));
      out.push({ file, path: `${path}${file.name}` });
    } else if (entry.isDirectory) {
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((res, rej) => reader.readEntries(res, rej));
        if (!batch.length) break;
        for (const e of batch) await walk(e, `${path}${entry.name}/`);
      }
    }
  }
  for (const entry of entries) await walk(entry, '');
  return out.map(({ file, path }) => Object.assign(file, { relativePath: path }));
}
