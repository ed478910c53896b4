// The Diff tab's choices that a shared link carries (lib/share.js) and its empty state: what both
// records are decoded as. Every format the viewer knows; "auto" takes the format A decodes as (else
// B's), so that both sides are read the same way (components/diff/decode-pair.js).

/**
 * [target, label, what a record of it is]: the coordination key and values, the Kafka Streams
 * metadata, a ProduceRequest.
 */
export const DIFF_TARGETS = [
  ['auto', 'Auto: the format A decodes as (else B)', null],
  ['key', 'Coordination key', 'a coordination key'],
  ['registration', 'Coordination value: registration', 'a registration (coordination value)'],
  ['lease', 'Coordination value: lease', 'a lease (coordination value)'],
  ['subscription', 'Kafka Streams subscription (SubscriptionInfo)', 'a Streams subscription'],
  ['assignment', 'Kafka Streams assignment (AssignmentInfo)', 'a Streams assignment'],
  ['produce-request', 'ProduceRequest v3', 'a ProduceRequest v3'],
];

/** The Diff tab's state: A's and B's inputs (text, input format), the target, the selected field. */
export const emptyDiff = () => ({
  a: { text: '', format: 'auto' },
  b: { text: '', format: 'auto' },
  target: 'auto',
  field: null,
});
