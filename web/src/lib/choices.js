// The viewer's choices that a shared link carries (lib/share.js) besides its inputs: the tab (mode)
// and the format shown in the record tab, each as [value, label].

/** The page's tabs (components/ModeTabs.jsx): the viewer, the record builder, the topic view, the diff. */
export const MODES = [
  ['viewer', 'Viewer'],
  ['builder', 'Record builder'],
  ['topic', 'Topic'],
  ['diff', 'Diff two records'],
];

/**
 * The format choice: 'coordination' is the key + value view, 'group-record' reads the same two
 * inputs as a __consumer_offsets record (components/formats/GroupRecordView.jsx), the others are
 * components/formats/FormatView.jsx (loaded on demand, with the full module).
 */
export const FORMAT_CHOICES = [
  ['coordination', 'Coordination record (key + value)'],
  ['auto', 'Auto: guess the format'],
  ['subscription', 'Kafka Streams subscription (SubscriptionInfo)'],
  ['assignment', 'Kafka Streams assignment (AssignmentInfo)'],
  ['produce-request', 'ProduceRequest v3'],
  ['transaction-log', 'Kafka transaction-log record'],
  ['share-state', 'Kafka share-group state record'],
  ['cluster-metadata', 'KRaft metadata log record'],
  ['group-record', 'Kafka __consumer_offsets record'],
];

/** The formats read from the key and value inputs (the others have one input of their own). */
export const PAIR_FORMATS = new Set(['coordination', 'group-record']);
