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

// The whole-topic module's check ('coordination-viewer/log'): the state of the probe's lease record
// alone (its role held by its member, no registration), and the codec's ProduceRequest decoding,
// which works once that module is loaded (one state for the two entry points): a CoordinationError
// for a 1-byte request, not the Error that asks for loadLogCodec().
const NOW = 1700000010000;
const expectedLog = JSON.stringify({
  roles: [
    {
      role: 'leader',
      partition: 0,
      lease: {
        holder: 'member-1',
        producerId: '4000',
        producerEpoch: 3,
        grantedAt: '1700000000000',
        deadline: '1700000030000',
        expired: false,
      },
      members: [],
    },
  ],
  anomalies: ['lease_holder_not_registered'],
  produceRequest: [true, 'TRUNCATED'],
});

/** What the whole-topic module gives for its check, as JSON; equal to `expectedLog` when it works. */
function probeLog(api, codec, log) {
  const state = log.foldState([{ key: fromHex(KEY_HEX), value: fromHex(LEASE_HEX), offset: 0 }], { now: NOW });
  let produceRequest = null;
  try {
    codec.decodeProduceRequest(new Uint8Array(1));
  } catch (e) {
    produceRequest = [e instanceof api.CoordinationError, e.code];
  }
  return api.toJSON({ roles: state.roles, anomalies: state.anomalies.map((a) => a.kind), produceRequest });
}

/**
 * Shows what `work` (a promise of a probe's JSON) gives: in a page, as the text of #out (the runner
 * compares it); in Node, "ok", or both texts and exit code 1.
 */
function report(work, want = expected) {
  return work
    .catch((e) => `error: ${e}`)
    .then((got) => {
      if (typeof document !== 'undefined') document.getElementById('out').textContent = got;
      else if (got === want) console.log('ok');
      else {
        console.log(`got  ${got}\nwant ${want}`);
        process.exitCode = 1;
      }
    });
}

/** An app's whole check: the probe of the package's main entry `api`, reported. */
const checkDecode = (api) => report(api.loadCodec().then((codec) => probe(api, codec)));
/** The same with the whole-topic module, given its loadLogCodec. */
const checkLog = (api, loadLogCodec) =>
  report(
    Promise.all([api.loadCodec(), loadLogCodec()]).then(([codec, log]) => probeLog(api, codec, log)),
    expectedLog,
  );

module.exports = { probe, expected, expectedLog, checkDecode, checkLog, fromHex, LEASE_HEX };
