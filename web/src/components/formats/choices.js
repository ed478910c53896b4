// The viewer's format choice (value, label): 'coordination' is the key + value view, the others are
// components/formats/ (loaded on demand, with the full module).
export const FORMAT_CHOICES = [
  ['coordination', 'Coordination record (key + value)'],
  ['auto', 'Auto: guess the format'],
  ['subscription', 'Kafka Streams subscription (SubscriptionInfo)'],
  ['assignment', 'Kafka Streams assignment (AssignmentInfo)'],
  ['produce-request', 'ProduceRequest v3'],
];
