// Inputs of the topic view's browser tests and benchmark: model logs written as segment files by
// kafkajs (tests/node/log-writer.mjs), and the state table read back from the page.
import { mkdirSync, writeFileSync } from 'node:fs';
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

/**
 * Every row of the page's state table as { role, partition, holder } ('' for no lease), read by
 * scrolling the virtualized table from top to bottom.
 */
export function readTable(page) {
  return page.evaluate(async () => {
    const el = document.querySelector('.tt-scroll');
    const total = Number(document.querySelector('.tt').getAttribute('aria-rowcount')) - 1;
    const rows = new Array(total);
    let got = 0;
    for (let y = 0; ; y += Math.max(34, el.clientHeight - 80)) {
      el.scrollTop = y;
      el.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 0));
      for (const tr of el.querySelectorAll('tbody tr[data-row]')) {
        const i = Number(tr.dataset.row);
        if (rows[i]) continue;
        rows[i] = {
          role: tr.dataset.role,
          partition: Number(tr.querySelector('.c-partition').textContent),
          holder: tr.querySelector('.c-holder').dataset.holder,
        };
        got++;
      }
      if (got === total || y > el.scrollHeight) break;
    }
    el.scrollTop = 0;
    el.dispatchEvent(new Event('scroll'));
    return { total, rows };
  });
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
