// Whether a key the coordination layout refuses is a __consumer_offsets key: the viewer then reads
// the key + value as a __consumer_offsets record (app.jsx). Unambiguous: the coordination key
// decoder refuses the bytes and the whole-topic module's decodes them, exactly, as a group key.
import { loadLog, formatSummary } from './formats.js';
import { GROUP_KEY } from './group-record.js';

/**
 * The sentence saying why the key is read as a __consumer_offsets key (with the key's summary, its
 * strings' escapes marked), or null when it is not one.
 */
export async function groupKeyReason(keyBytes, coordinationError) {
  const log = await loadLog();
  // The key alone: under a null value (a tombstone) no value is read.
  const r = log.inspectGroupRecord(keyBytes, null);
  if (!r.ok) return null;
  return (
    <>
      Detected a __consumer_offsets record: the key is no coordination key ({coordinationError.code} at offset{' '}
      {coordinationError.offset}) but decodes as one: {formatSummary({ target: GROUP_KEY, record: r.record.key })}.
      Choose the format above to read it otherwise.
    </>
  );
}
