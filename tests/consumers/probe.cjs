// The check every consumer project runs against the installed package: decode a lease key and a
// lease value, encode both back, and read one CoordinationError. CommonJS so that every runner can
// load it (Jest's CommonJS mode cannot import ESM; ESM imports CommonJS); the browser pages get it
// wrapped as a module by tests/consumers/run.mjs. The expected values are golden/key.json
// key/valid/lease-ascii and key/kind/kind-2, golden/lease.json lease/valid/ascii.
const KEY_HEX = '0000000100066c65616465720000';
const LEASE_HEX = '000000086d656d6265722d310000000000000fa000030000018bcfe568000000018bcfe5dd30';
const BAD_KEY_HEX = '0000000200066c656164657200016d';

const expected = JSON.stringify({
  key: { version: 0, kind: 'lease', role: 'leader', member: '' },
  lease: {
    version: 0,
    kind: 'lease',
    member: 'member-1',
    producerId: '4000',
    producerEpoch: 3,
    grantedAt: '1700000000000',
    deadline: '1700000030000',
  },
  error: [true, 'UNKNOWN_KIND', 2, 'key.kind'],
  again: [KEY_HEX, LEASE_HEX],
});

const fromHex = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** What the package gives for the probe, as JSON; equal to `expected` when it works. */
function probe(api, codec, bytes = fromHex) {
  const key = codec.decodeKey(bytes(KEY_HEX));
  const lease = codec.decodeValue('lease', bytes(LEASE_HEX));
  let error = null;
  try {
    codec.decodeKey(bytes(BAD_KEY_HEX));
  } catch (e) {
    error = [e instanceof api.CoordinationError, e.code, e.offset, e.field];
  }
  return api.toJSON({ key, lease, error, again: [toHex(codec.encodeKey(key)), toHex(codec.encodeValue(lease))] });
}

module.exports = { probe, expected, fromHex, LEASE_HEX };
