// The state table of the topic view: one row per (role, partition), sortable columns, and only the
// rows in view rendered (fixed row height, spacer rows above and below), so 100,000 roles scroll
// as fast as 10. Arrow keys move between rows; Enter or a click selects a role.
import { useState, useRef, useEffect, useLayoutEffect } from 'preact/hooks';
import { countdown, leaseStatus } from '../../lib/topic-rows.js';

export const ROW_HEIGHT = 34; // px, also in topic.css (.tt tbody tr)
const OVERSCAN = 8;

const COLUMNS = [
  ['role', 'Role'],
  ['partition', 'Partition'],
  ['holder', 'Lease holder'],
  ['deadline', 'Expiry'],
  ['members', 'Members'],
  ['anomalies', 'Anomalies'],
];

export function StateTable({ rows, total, sort, setSort, selected, onSelect, anomalies, now }) {
  const scroller = useRef();
  const [view, setView] = useState({ top: 0, height: 480 });
  const measure = () => {
    const el = scroller.current;
    if (el) setView({ top: el.scrollTop, height: el.clientHeight });
  };
  useLayoutEffect(measure, []);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  // A new filter or sort: back to the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    measure();
  }, [rows]);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const isSelected = (r) => selected && selected.role === r.role && selected.partition === r.partition;

  // Focus the role button of row i, scrolling it into view first when it is not rendered yet.
  function focusRow(i) {
    i = Math.max(0, Math.min(rows.length - 1, i));
    const el = scroller.current;
    const find = () => el.querySelector(`[data-row="${i}"] button`);
    const y = i * ROW_HEIGHT;
    const headH = el.querySelector('thead').offsetHeight;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ROW_HEIGHT > el.scrollTop + el.clientHeight - headH) el.scrollTop = y + ROW_HEIGHT - el.clientHeight + headH;
    measure();
    if (find()) find().focus();
    else requestAnimationFrame(() => find()?.focus());
  }
  function onKeyDown(e) {
    const i = Number(e.target.closest('[data-row]')?.dataset.row);
    if (Number.isNaN(i)) return;
    const page = Math.max(1, Math.floor(view.height / ROW_HEIGHT) - 1);
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, PageDown: i + page, PageUp: i - page, Home: 0, End: rows.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focusRow(to);
  }

  return (
    <div class="tt-scroll" ref={scroller} onScroll={measure} tabIndex={-1}>
      <table class="tt" aria-rowcount={rows.length + 1} aria-label={`Roles: ${rows.length} of ${total}`}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map(([col, label]) => (
              <th scope="col" class={`c-${col}`} aria-sort={sort.column === col ? (sort.dir > 0 ? 'ascending' : 'descending') : undefined}>
                <button type="button" class="sort" onClick={() => setSort({ column: col, dir: sort.column === col ? -sort.dir : 1 })}>
                  {label}
                  <span aria-hidden="true">{sort.column === col ? (sort.dir > 0 ? ' ▲' : ' ▼') : ''}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {first > 0 && (
            <tr class="spacer" aria-hidden="true">
              <td colSpan={6} style={{ height: `${first * ROW_HEIGHT}px` }} />
            </tr>
          )}
          {rows.slice(first, last).map((r, k) => {
            const i = first + k;
            const status = leaseStatus(r, now);
            const found = anomalies.get(r.role);
            return (
              <tr key={`${r.role}\u0000${r.partition}`} data-row={i} aria-rowindex={i + 2} class={isSelected(r) ? 'sel' : undefined} data-role={r.role}>
                <th scope="row" class="c-role">
                  <button type="button" class="link" aria-current={isSelected(r) ? 'true' : undefined} onClick={() => onSelect(r)} title={r.role}>
                    {r.role}
                  </button>
                </th>
                <td class="c-partition">{r.partition}</td>
                <td class="c-holder" data-holder={r.lease?.holder ?? ''}>{r.lease ? r.lease.holder : <span class="muted">no lease</span>}</td>
                <td class={`c-deadline st-${status}`}>{r.lease ? countdown(r.lease.deadline, now) : ''}</td>
                <td class="c-members" title={r.members.map((m) => m.member).join(', ')}>
                  {r.members.length}
                  {r.members.length > 0 && <span class="muted"> ({r.members.slice(0, 3).map((m) => m.member).join(', ')}{r.members.length > 3 ? ', …' : ''})</span>}
                </td>
                <td class="c-anomalies">
                  {found && (
                    <span class="anom" title={[...new Set(found.map((a) => a.kind))].join(', ')}>
                      ⚠ {found.length}
                      <span class="vh"> anomalies: {[...new Set(found.map((a) => a.kind))].join(', ')}</span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
          {last < rows.length && (
            <tr class="spacer" aria-hidden="true">
              <td colSpan={6} style={{ height: `${(rows.length - last) * ROW_HEIGHT}px` }} />
            </tr>
          )}
        </tbody>
      </table>
      {rows.length === 0 && <p class="muted empty-rows">No role matches.</p>}
    </div>
  );
}
