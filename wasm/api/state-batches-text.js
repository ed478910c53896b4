// A share-partition's state batches as one line of text, for the command line's `share-state`
// table (wasm/cli/share-state.mjs) and the viewer's Share-group state view alike
// (web/src/components/topic/ShareStateView.jsx).

/** The delivery states' names (ShareSnapshotValue.json's about, SharePartition.RecordState of Kafka 4.1.0). */
export const DELIVERY_STATES = Object.freeze({ 0: 'Available', 1: 'Acquired', 2: 'Acked', 4: 'Archived' });

// State batches shown per share-partition: the rest counted (a partition may hold thousands).
const SHOWN_BATCHES = 4;

/** "FIRST-LAST STATE xCOUNT" per batch, the first four, then "… N more"; "-" for none. */
export function stateBatchesText(batches) {
  const shown = batches
    .slice(0, SHOWN_BATCHES)
    .map(
      (b) =>
        `${b.firstOffset}-${b.lastOffset} ${DELIVERY_STATES[b.deliveryState] ?? b.deliveryState} x${b.deliveryCount}`,
    );
  if (batches.length > SHOWN_BATCHES) shown.push(`… ${batches.length - SHOWN_BATCHES} more`);
  return shown.join(', ') || '-';
}
