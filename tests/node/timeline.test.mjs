// The timeline picture's data and geometry without a browser (issue 21): the columns built from a
// history fold of the picture's fixture (tests/browser/topic-fixtures.mjs timelineLog, whose
// comments are the expectations), the merging of records drawn in one pixel, the time axis' ticks,
// zoom and pan. The drawing itself: tests/browser/topic.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLogCodec } from '../../wasm/api/index.js';
import { flatResult } from '../../wasm/api/log-api.js';
import { writeLog, expectedFold, readCommitted, keyBytes, valueBytes } from './log-writer.mjs';
import { timelineLog, TIMELINE_BASE } from '../browser/topic-fixtures.mjs';
import {
  pictureColumns,
  MARKS,
  LEASE,
  TOMBSTONE,
  tookEffect,
  whoOf,
  memberOf,
} from '../../web/src/lib/timeline-columns.js';
import {
  drawnSpans,
  timeTicks,
  zoomWindow,
  panWindow,
  fitWindow,
  laneTops,
  laneAt,
  laneKeys,
  MIN_WINDOW,
  MAX_WINDOW,
  LEASE_ROW,
  MEMBER_ROW,
  LANE_GAP,
  MAX_MEMBER_ROWS,
} from '../../web/src/lib/timeline-scale.js';
import { StringColumn } from '../../web/src/lib/topic-rows.js';

const MIN = 60_000;
const at = (minutes) => TIMELINE_BASE + minutes * MIN;
const NOW = Date.UTC(2030, 0, 1);

async function fixturePicture() {
  const log = await loadLogCodec();
  const folder = log.createFolder({ history: true });
  try {
    folder.pushLog(await writeLog(timelineLog(), { perBatch: 4 }), 0);
    folder.endLog(0);
    const { picture, transfer } = pictureColumns(folder[flatResult]({ now: NOW }), NOW);
    picture.names = new StringColumn(picture.names);
    const anomalies = folder.result({ now: NOW }).anomalies;
    return { P: picture, transfer, anomalies };
  } finally {
    folder.dispose();
  }
}

// Role i's records, key by key: [member or 'lease', [[offset, start min, end min, in effect]]].
function records(P, i) {
  const from = i ? P.keyEnd[i - 1] : 0;
  const out = [];
  for (let k = from; k < P.keyEnd[i]; k++) {
    const list = [];
    for (let e = k ? P.entryEnd[k - 1] : 0; e < P.entryEnd[k]; e++)
      list.push([
        Number(P.offset[e]),
        (P.start[e] - TIMELINE_BASE) / MIN,
        (P.end[e] - TIMELINE_BASE) / MIN,
        tookEffect(P, e),
      ]);
    out.push([P.keyLease[k] ? 'lease' : memberOf(P, k), list]);
  }
  return out;
}

test('the picture columns of the fixture: keys and records in time order, registrations until the next record, marks and anomalies as its comments say', async () => {
  const { P, transfer, anomalies } = await fixturePicture();
  assert.equal(P.n, 4);
  const tomb = (1_700_000_000_000 + 0 - TIMELINE_BASE) / MIN; // offset 8: the first of its batch (offsets 8-10)
  assert.deepEqual(records(P, 0), [
    [
      'lease',
      [
        [2, 0, 10, true],
        [3, 9, 20, true],
        [4, 20, 30, true],
      ],
    ],
    [
      'a1',
      [
        [0, 0, tomb, true],
        [8, tomb, tomb, true],
      ],
    ],
    ['a2', [[1, 1, Infinity, true]]],
  ]);
  assert.deepEqual(records(P, 2)[0], [
    'lease',
    [
      [10, 2, 40, true],
      [11, 12, 50, false],
    ],
  ]);
  assert.equal(P.value[P.entryEnd[0] + 1], TOMBSTONE);
  assert.equal(P.value[0], LEASE);
  // Marks: [kind, from, to] in minutes (NOW as 'now').
  const marks = (i) => {
    const out = [];
    for (let m = i ? P.markEnd[i - 1] : 0; m < P.markEnd[i]; m++)
      out.push([
        MARKS[P.markKind[m]],
        (P.markFrom[m] - TIMELINE_BASE) / MIN,
        P.markTo[m] === NOW ? 'now' : (P.markTo[m] - TIMELINE_BASE) / MIN,
        whoOf(P, P.markEntry[m]),
        P.markOther[m] < 0 ? '' : whoOf(P, P.markOther[m]),
      ]);
    return out;
  };
  assert.deepEqual(marks(0), [
    ['expiry', 30, 30, 'a2', ''],
    ['gap', 30, 'now', 'a2', ''],
  ]);
  assert.deepEqual(marks(1), [
    ['overlap', 15, 25, 'b2', 'b1'],
    ['expiry', 35, 35, 'b2', ''],
    ['gap', 35, 'now', 'b2', ''],
  ]);
  // The aborted lease 12-50 is no overlap and does not hold the lease past 40.
  assert.deepEqual(marks(2), [
    ['expiry', 40, 40, 'c1', ''],
    ['gap', 40, 'now', 'c1', ''],
  ]);
  assert.deepEqual(marks(3), [
    ['expiry', 8, 8, 'd1', ''],
    ['gap', 8, 'now', 'd1', ''],
  ]);
  // Each anomaly of the independent fold on its role, at the record of its offset.
  const want = expectedFold(readCommitted(timelineLog()).delivered, NOW).anomalies;
  const placed = [];
  for (let i = 0; i < P.n; i++)
    for (let a = i ? P.anomalyEnd[i - 1] : 0; a < P.anomalyEnd[i]; a++) {
      const found = anomalies[P.anomaly[a]];
      assert.equal(P.offset[P.anomalyEntry[a]], found.offset);
      placed.push({ kind: found.kind, role: ['alpha', 'bravo', 'charlie', 'delta'][i], offset: found.offset });
    }
  assert.deepEqual(
    placed.map((a) => `${a.role} ${a.kind} ${a.offset}`).sort(),
    want.map((a) => `${a.role} ${a.kind} ${a.offset}`).sort(),
  );
  assert.deepEqual(P.extent, [at(0), 1_700_000_000_000]); // to the tombstone
  // Every typed array goes across by transfer, none twice.
  assert.equal(new Set(transfer).size, transfer.length);
  assert.ok(transfer.length >= 20);
});

test('lanes: a lease row, a row per member up to MAX_MEMBER_ROWS; tops and the lane at a height', async () => {
  const { P } = await fixturePicture();
  assert.deepEqual(laneKeys(P, 0), { lease: 0, members: [1, 2], hidden: 0 });
  assert.deepEqual(laneKeys(P, 3), { lease: 7, members: [], hidden: 0 });
  const tops = laneTops(P, Int32Array.of(3, 0));
  assert.deepEqual([...tops], [0, LEASE_ROW + LANE_GAP, 2 * LEASE_ROW + 2 * MEMBER_ROW + 2 * LANE_GAP]);
  assert.equal(laneAt(tops, 0), 0);
  assert.equal(laneAt(tops, LEASE_ROW + LANE_GAP - 0.5), 0);
  assert.equal(laneAt(tops, LEASE_ROW + LANE_GAP), 1);
  // A role with more members than drawn says how many are not.
  const many = { keyEnd: Int32Array.of(MAX_MEMBER_ROWS + 4), keyLease: new Uint8Array(MAX_MEMBER_ROWS + 4) };
  many.keyLease[0] = 1;
  assert.equal(laneKeys(many, 0).hidden, 3);
  assert.equal(laneTops(many, Int32Array.of(0))[1], LEASE_ROW + MAX_MEMBER_ROWS * MEMBER_ROW + LANE_GAP);
});

// A key of `n` records, record i from start(i) to end(i), its holder number holder(i).
function oneKey(n, start, end, holder = () => 0) {
  const s = Float64Array.from({ length: n }, (_, i) => start(i));
  const e = Float64Array.from({ length: n }, (_, i) => end(i));
  let latest = -Infinity;
  const reach = e.map((v) => (latest = Math.max(latest, v)));
  return {
    entryEnd: Int32Array.of(n),
    start: s,
    end: e,
    reach,
    value: new Uint8Array(n).fill(LEASE),
    who: Int32Array.from({ length: n }, (_, i) => holder(i)),
  };
}

test('drawn spans: records starting in one pixel merge (at most one per pixel), those out of the window are not drawn, long ones reaching in are', () => {
  // 100,000 records of 1 ms, one every 10 ms, over 1,000 s; drawn at 1,000 px for the whole.
  const P = oneKey(
    100_000,
    (i) => i * 10,
    (i) => i * 10 + 1,
    (i) => i % 2,
  );
  const x = (t) => t / 1000; // 1 px a second
  const drawn = drawnSpans(P, 0, 0, 1_000_000, x);
  assert.equal(drawn.length, 1000);
  assert.equal(
    drawn.reduce((n, d) => n + d.count, 0),
    100_000,
  );
  assert.ok(drawn.every((d) => d.count === 100 && d.mixed));
  // Zoomed on 0.5 s: every record its own span, only those in the window.
  const zoomed = drawnSpans(P, 0, 250_000, 250_500, (t) => (t - 250_000) * 2);
  assert.deepEqual(
    zoomed.map((d) => d.e),
    Array.from({ length: 51 }, (_, i) => 25_000 + i),
  );
  assert.ok(zoomed.every((d) => d.count === 1));
  // A long record started before the window reaches into it: drawn, clamped a pixel left of it.
  const long = oneKey(
    3,
    (i) => [0, 500, 900][i],
    (i) => [2000, 600, 950][i],
  );
  const inView = drawnSpans(long, 0, 1000, 1500, (t) => t - 1000);
  assert.deepEqual(
    inView.map((d) => [d.e, d.x0, d.x1]),
    [[0, -1, 501]],
  );
});

test('time ticks: a round step for the width, labels as short as the step allows (UTC)', () => {
  const t0 = Date.UTC(2026, 11, 1, 21, 14);
  const hour = timeTicks(t0, t0 + 3_600_000, 6);
  assert.equal(hour.step, 600_000);
  assert.deepEqual(
    hour.ticks.map((t) => t.label),
    ['21:20', '21:30', '21:40', '21:50', '22:00', '22:10'],
  );
  const midnight = timeTicks(Date.UTC(2026, 11, 1, 22), Date.UTC(2026, 11, 2, 2), 4);
  assert.deepEqual(
    midnight.ticks.map((t) => t.label),
    ['22:00', '23:00', '2026-12-02', '01:00', '02:00'],
  );
  const seconds = timeTicks(t0, t0 + 10_000, 5);
  assert.equal(seconds.step, 2000);
  assert.deepEqual(seconds.ticks[0].label, '21:14:00');
  const ms = timeTicks(t0 + 5, t0 + 25, 4);
  assert.equal(ms.step, 5);
  assert.deepEqual(
    ms.ticks.map((t) => t.label),
    ['21:14:00.005', '21:14:00.010', '21:14:00.015', '21:14:00.020', '21:14:00.025'],
  );
  const days = timeTicks(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 15), 7);
  assert.equal(days.step, 2 * 86_400_000);
  assert.match(days.ticks[0].label, /^2026-01-0\d$/);
  const months = timeTicks(Date.UTC(2025, 0, 15), Date.UTC(2026, 0, 15), 5);
  assert.deepEqual(
    months.ticks.map((t) => t.label),
    ['2025-04', '2025-07', '2025-10', '2026-01'],
  );
  const years = timeTicks(Date.UTC(1990, 0, 1), Date.UTC(2030, 0, 1), 5);
  assert.deepEqual(
    years.ticks.map((t) => t.label),
    ['1990', '2000', '2010', '2020', '2030'],
  );
  // Beyond the range of a Date: plain milliseconds, and no endless loop.
  const far = timeTicks(9e15, 9.5e15, 4);
  assert.ok(far.ticks.length <= 9);
});

test('zoom keeps the time under the pointer in place; pan moves by a fraction of the width; fit pads 2 %', () => {
  const w = { t0: 1000, t1: 2000 };
  const z = zoomWindow(w, 2, 1250);
  assert.deepEqual(z, { t0: 1125, t1: 1625 });
  assert.equal((1250 - z.t0) / (z.t1 - z.t0), (1250 - w.t0) / (w.t1 - w.t0));
  assert.deepEqual(zoomWindow(w, 1 / 2), { t0: 500, t1: 2500 });
  assert.equal(zoomWindow({ t0: 0, t1: 20 }, 100).t1 - zoomWindow({ t0: 0, t1: 20 }, 100).t0, MIN_WINDOW);
  const out = zoomWindow({ t0: 0, t1: 1e14 }, 1 / 100);
  assert.equal(out.t1 - out.t0, MAX_WINDOW);
  assert.deepEqual(panWindow(w, 0.25), { t0: 1250, t1: 2250 });
  assert.deepEqual(fitWindow([0, 100_000]), { t0: -2000, t1: 102_000 });
});

test('a role with 150,000 members and thousands of anomalies: every key in its lane, every anomaly at its record', async () => {
  const log = await loadLogCodec();
  const folder = log.createFolder({ history: true });
  const records = [];
  const MEMBERS = 150_000;
  for (let i = 0; i < MEMBERS; i++)
    records.push({
      key: keyBytes({ kind: 'registration', role: 'big', member: `m${i}` }),
      value: valueBytes({ member: `m${i}`, registeredAt: at(0) + i }),
    });
  // One producer's epoch going 2, 1, 2, 1, ...: every lease with epoch 1 is producer_epoch_backwards.
  for (let i = 0; i < 6000; i++)
    records.push({
      key: keyBytes({ kind: 'lease', role: 'big' }),
      value: valueBytes({
        member: 'm0',
        producerId: 7,
        producerEpoch: 2 - (i % 2),
        grantedAt: at(i),
        deadline: at(i + 1),
      }),
    });
  try {
    folder.pushRecords(records.map((r, offset) => ({ ...r, offset })));
    const { picture: P } = pictureColumns(folder[flatResult]({ now: NOW }), NOW);
    const anomalies = folder.result({ now: NOW }).anomalies;
    assert.equal(P.n, 1);
    assert.equal(P.keyEnd[0], MEMBERS + 1);
    assert.equal(P.keyLease[0], 1);
    assert.equal(anomalies.length, 3000);
    assert.equal(P.anomalyEnd[0], 3000);
    for (let a = 0; a < 3000; a++) assert.equal(P.offset[P.anomalyEntry[a]], anomalies[P.anomaly[a]].offset);
  } finally {
    folder.dispose();
  }
});
