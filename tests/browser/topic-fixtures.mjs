// Inputs of the topic view's browser tests and benchmark: model logs written as segment files by
// kafkajs (tests/node/log-writer.mjs), and the state table read back from the page.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng, writeLog } from '../node/log-writer.mjs';

export { rng };

/**
 * A model log of one partition: `count` records over `roles` roles (role-0 ...), registrations of
 * four members per role, leases (deadlines around `base`, so some held and some expired), and
 * tombstones of both. Offsets from `first`.
 */
export function modelLog({ count, roles, seed = 1, partition = 0, first = 0, base = Date.now() }) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const r = next(roles);
    const role = `role-${r}`;
    const member = `member-${next(4)}`;
    const tombstone = next(10) === 0;
    const offset = first + i;
    if (next(3) === 0) {
      const grantedAt = base - next(600_000);
      out.push({
        partition,
        offset,
        key: { kind: 'lease', role },
        value: tombstone
          ? null
          : {
              member,
              producerId: 10_000 + 2 * r + next(2),
              producerEpoch: 1 + next(3),
              grantedAt,
              deadline: grantedAt + next(1_200_000),
            },
      });
    } else {
      out.push({
        partition,
        offset,
        key: { kind: 'registration', role, member },
        value: tombstone ? null : { member, registeredAt: base - 3_600_000 + i },
      });
    }
  }
  return out;
}

/** Writes `records` (one partition) as kafkajs batches into `dir`/`name`; returns the path. */
export async function writeSegment(dir, name, records, options) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, await writeLog(records, options));
  return path;
}

/** The records of RFC 4180 CSV text (quoted fields, doubled quotes, CRLF line ends), a list of fields each. */
export function parseCsv(text) {
  const out = [];
  let fields = [];
  let at = 0;
  while (at < text.length) {
    let value = '';
    if (text[at] === '"') {
      for (at++; ; at++) {
        if (text[at] !== '"') value += text[at];
        else if (text[at + 1] === '"') value += text[at++];
        else break;
      }
      at++;
    } else {
      const end = text.slice(at).search(/[,\r]/);
      value = text.slice(at, end < 0 ? text.length : at + end);
      at += value.length;
    }
    fields.push(value);
    if (text[at] === ',') at++;
    else {
      out.push(fields);
      fields = [];
      at += 2; // \r\n
    }
  }
  return out;
}

// Rendered rows compared with the download: every row when the table has up to this many, else
// the windows at its top, middle and end (the table renders only the rows in view, at about 0.7 ms
// a row on these machines: 100,000 rows read from the page took two minutes).
const READ_ALL_ROWS = 2000;

/**
 * The page's state table as { total, rows: [{ role, partition, holder ('' for no lease)}] }: every
 * row from its "Download CSV" (the rows as the table has them, in its order), and the rows the
 * table renders (scrolled to each place) equal to the same rows of the download.
 */
export async function readTable(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#topic-csv')]);
  const [header, ...records] = parseCsv(readFileSync(await file.path(), 'utf8'));
  const column = Object.fromEntries(header.map((name, i) => [name, i]));
  const rows = records.map((f) => ({
    role: f[column.role],
    partition: Number(f[column.partition]),
    holder: f[column.holder],
  }));
  const shown = await page.evaluate(async (all) => {
    const el = document.querySelector('.tt-scroll');
    const total = Number(document.querySelector('.tt').getAttribute('aria-rowcount')) - 1;
    const step = Math.max(34, el.clientHeight - 80);
    const places = all ? [] : [0, el.scrollHeight / 2, el.scrollHeight];
    if (all) for (let y = 0; y < el.scrollHeight + step; y += step) places.push(y);
    const rows = {};
    for (const y of places) {
      el.scrollTop = y;
      el.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 0));
      for (const tr of el.querySelectorAll('tbody tr[data-row]'))
        rows[tr.dataset.row] = {
          role: tr.dataset.role,
          partition: Number(tr.querySelector('.c-partition').textContent),
          holder: tr.querySelector('.c-holder').dataset.holder,
        };
    }
    el.scrollTop = 0;
    el.dispatchEvent(new Event('scroll'));
    return { total, rows };
  }, rows.length <= READ_ALL_ROWS);
  assert.equal(shown.total, rows.length, "the table's row count and the download's");
  const seen = Object.keys(shown.rows).map(Number);
  assert.ok(seen.length >= Math.min(rows.length, 20), `${seen.length} rows rendered`);
  if (rows.length <= READ_ALL_ROWS) assert.equal(seen.length, rows.length, 'every row rendered once scrolled to');
  if (rows.length) assert.ok(seen.includes(0) && seen.includes(rows.length - 1), 'the first and last rows rendered');
  for (const i of seen) assert.deepEqual(shown.rows[i], rows[i], `row ${i} as rendered and as downloaded`);
  return { total: rows.length, rows };
}

/** The expected { role, partition, holder } rows of a fold (expectedFold's roles), in the table's default order. */
export function expectedRows(fold) {
  return fold.roles.map((r) => ({ role: r.role, partition: r.partition, holder: r.lease ? r.lease.holder : '' }));
}

// The timeline picture's fixture: times in minutes from TIMELINE_BASE (an hour before the records'
// timestamps: writeLog stamps 1_700_000_000_000 + the record's place in its batch).
export const TIMELINE_BASE = 1_700_000_000_000 - 3_600_000;
const at = (minutes) => TIMELINE_BASE + minutes * 60_000;

/**
 * A topic (partition 0) for the timeline picture, with what the picture must show:
 * - alpha: a1 holds the lease 0-10, renews it 9-20, hands it over to a2 20-30 (no gap, no
 *   overlap), which expires at 30 (a gap after it); a1's registration is cleared by a tombstone
 *   (offset 8) at the record's timestamp (minute 60).
 * - bravo: b1 holds 5-25, b2 is granted 15-35 while b1 holds it: an overlap 15-25; b2 has no
 *   registration (the fold's anomaly lease_holder_not_registered at offset 7); expiry at 35.
 * - charlie: c1 holds 2-40 (expires at 40); c2's lease 12-50 is in an aborted transaction (offset
 *   11, producer 302, ABORT marker at 12): drawn, not in effect, no overlap.
 * - delta: d1 holds 0-5 then 5-8 with producer 401's epoch going back (producer_epoch_backwards at
 *   offset 14), unregistered (lease_holder_not_registered at 14); expiry at 8.
 */
export function timelineLog() {
  const reg = (role, member, minutes) => ({
    key: { kind: 'registration', role, member },
    value: { member, registeredAt: at(minutes) },
  });
  const lease = (role, member, producerId, from, to, producerEpoch = 1) => ({
    key: { kind: 'lease', role },
    value: { member, producerId, producerEpoch, grantedAt: at(from), deadline: at(to) },
  });
  return [
    reg('alpha', 'a1', 0),
    reg('alpha', 'a2', 1),
    lease('alpha', 'a1', 101, 0, 10),
    lease('alpha', 'a1', 101, 9, 20),
    lease('alpha', 'a2', 102, 20, 30),
    reg('bravo', 'b1', 0),
    lease('bravo', 'b1', 201, 5, 25),
    lease('bravo', 'b2', 202, 15, 35),
    { key: { kind: 'registration', role: 'alpha', member: 'a1' }, value: null },
    reg('charlie', 'c1', 2),
    lease('charlie', 'c1', 301, 2, 40),
    { ...lease('charlie', 'c2', 302, 12, 50), producerId: 302, transactional: true },
    { marker: 'ABORT', producerId: 302 },
    lease('delta', 'd1', 401, 0, 5, 2),
    lease('delta', 'd1', 401, 5, 8, 1),
  ].map((r, offset) => ({ partition: 0, offset, ...r }));
}
