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
