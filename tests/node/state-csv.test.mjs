// The topic view's state table as CSV (web/src/lib/state-csv.js): hand-made columns as the worker
// sends them (lib/topic-state-columns.js), the expected text written out here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StringColumn } from '../../web/src/lib/topic-rows.js';
import { stateCsv, stateCsvParts } from '../../web/src/lib/state-csv.js';
import { setPoolChunkUnits } from '../../wasm/api/string-chunks.js';

const strings = (list) => new StringColumn({ text: list.join(''), lengths: Int32Array.from(list, (s) => s.length) });
const NOW = Date.UTC(2026, 11, 3, 12, 0, 0);

function table({ transaction } = {}) {
  const memberCount = Int32Array.of(2, 0, 1);
  const t = {
    n: 3,
    role: strings(['plain', 'a "quoted", role', 'lines\nin it']),
    partition: Int32Array.of(0, 7, 2),
    holder: strings(['m-1', '', 'm-9']),
    deadline: Float64Array.of(NOW + 60_000, NaN, NOW - 1),
    memberCount,
    members: new StringColumn({ text: 'm-1m-2m-9', lengths: Int32Array.of(3, 3, 3) }, memberCount),
  };
  if (transaction) t.transaction = strings(transaction);
  return t;
}
const anomalies = new Map([
  [
    'plain',
    [
      { kind: 'producer_epoch_backwards', role: 'plain', offset: 4 },
      { kind: 'role_in_two_partitions', role: 'plain', offset: 9 },
      { kind: 'producer_epoch_backwards', role: 'plain', offset: 12 },
    ],
  ],
]);

test('every row in the given order, quoted where RFC 4180 asks, the deadline in UTC, the lease status at now', () => {
  assert.equal(
    stateCsv(table(), Int32Array.of(2, 0, 1), anomalies, NOW),
    'role,partition,holder,deadline,lease,members,anomalies,anomaly_kinds\r\n' +
      '"lines\nin it",2,m-9,2026-12-03T11:59:59.999Z,expired,m-9,0,\r\n' +
      'plain,0,m-1,2026-12-03T12:01:00.000Z,held,"m-1, m-2",3,"producer_epoch_backwards, role_in_two_partitions"\r\n' +
      '"a ""quoted"", role",7,,,none,,0,\r\n',
  );
});

test('a deadline past what a Date holds is written in ms; a transaction log folded beside adds its column', () => {
  const t = table({ transaction: ['txn-1 · Ongoing', '', 'unknown producer'] });
  t.deadline[0] = 9e15;
  assert.equal(
    stateCsv(t, Int32Array.of(0, 1), new Map(), NOW),
    'role,partition,holder,deadline,lease,members,anomalies,anomaly_kinds,transaction\r\n' +
      'plain,0,m-1,9000000000000000 ms,held,"m-1, m-2",0,,txn-1 · Ongoing\r\n' +
      '"a ""quoted"", role",7,,,none,,0,,\r\n',
  );
});

test('no rows: the header alone', () => {
  assert.equal(
    stateCsv(table(), new Int32Array(0), anomalies, NOW),
    'role,partition,holder,deadline,lease,members,anomalies,anomaly_kinds\r\n',
  );
});

test('the download as parts of whole lines past the chunk limit (a table longer than a string can be): the same text', () => {
  const t = table({ transaction: ['txn-1 · ongoing', '', 'unknown producer'] });
  const rows = Int32Array.of(2, 0, 1, 1, 0);
  const whole = stateCsv(t, rows, anomalies, NOW);
  assert.deepEqual(stateCsvParts(t, rows, anomalies, NOW), [whole]);
  const was = setPoolChunkUnits(40); // shorter than some lines: each alone
  try {
    const parts = stateCsvParts(t, rows, anomalies, NOW);
    assert.ok(parts.length > 3, `${parts.length} parts`);
    for (const part of parts) assert.ok(part.endsWith('\r\n'));
    assert.equal(parts.join(''), whole);
  } finally {
    setPoolChunkUnits(was);
  }
});
