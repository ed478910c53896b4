// A __consumer_offsets record (key + value) as the viewer's two cards show it: the whole-topic
// module's inspectGroupRecord split into the key's and the value's inspections, in the shape
// ResultCard reads. It decodes nothing itself.

/** The cards' targets (ResultCard's "as ..."; formatSummary's switch). */
export const GROUP_KEY = '__consumer_offsets key';
export const GROUP_VALUE = '__consumer_offsets value';

/**
 * The key's and the value's inspections of a record (value null: a tombstone). A value is read only
 * under a key that decodes (its version says the value's layout): else `value` is null and
 * `valueNote` says why. The value's tree spans the nested levels (offsets in the value's bytes);
 * `nestedErrors` are the levels inside it that do not decode, the levels above them kept.
 */
export function inspectGroupCards(log, key, value) {
  const r = log.inspectGroupRecord(key, value);
  // The key's record when the value fails (inspect gives the record only when both decode): the
  // key decoded alone, under a tombstone (no value read).
  const keyRecord = r.key.error ? null : (r.record?.key ?? log.decodeGroupRecord(key, null).key);
  const card = (target, part, record, size) => ({
    target,
    tombstone: false,
    ok: part.error === null,
    fields: part.fields,
    error: part.error,
    warnings: part.warnings,
    record,
    size,
  });
  const keyCard = card(GROUP_KEY, r.key, keyRecord, key.length);
  if (r.key.error) {
    return {
      key: keyCard,
      value: null,
      valueNote: "The key does not decode, so the value's layout is unknown (the key's version names it).",
    };
  }
  if (value === null) {
    const tombstone = { ...card(GROUP_VALUE, { fields: [], error: null, warnings: [] }, null, 0), tombstone: true };
    return { key: keyCard, value: tombstone, valueNote: null };
  }
  const valueCard = card(GROUP_VALUE, r.value, r.record?.value ?? null, value.length);
  return { key: keyCard, value: { ...valueCard, nestedErrors: r.nestedErrors }, valueNote: null };
}
