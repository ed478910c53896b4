// The <coordination-record> element's bundle (web/vite.config.js) defines CV_INSPECT_ONLY as true:
// its codec is inspect() of the coordination records, and the bundler drops the rest (decode,
// encode, batch, Kafka Streams, ProduceRequest). Anywhere else it is not defined: the whole API.
export const INSPECT_ONLY = typeof CV_INSPECT_ONLY !== 'undefined' && CV_INSPECT_ONLY === true;
