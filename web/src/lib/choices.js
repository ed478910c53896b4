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
 * The format choice: 'coordination' is the key + value view, the others are components/formats/
 * (loaded on demand, with the full module).
 */
export const FORMAT_CHOICES = [
  ['coordination', 'Coordination record (key + value)'],
  ['auto', 'Auto: guess the format'],
  ['subscription', 'Kafka Streams subscription (SubscriptionInfo)'],
  ['assignment', 'Kafka Streams assignment (AssignmentInfo)'],
  ['produce-request', 'ProduceRequest v3'],
  ['transaction-log', 'Kafka transaction-log record'],
];
