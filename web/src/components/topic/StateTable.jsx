// The state table of the topic view: one row per (role, partition), sortable columns, and only the
// rows in view rendered (fixed row height, spacer rows above and below), so 100,000 roles scroll
// as fast as 10. Arrow keys move between rows; Enter or a click selects a role. In a narrow table
// (a phone) each row is a card of three lines, every column in it: no sideways scroll. Roles,
// holders and members show special code points as marked escapes (VisibleString), titles as their
// escaped text.
import { useState, useRef, useEffect, useLayoutEffect } from 'preact/hooks';
import { countdown, leaseStatus } from '../../lib/topic-rows.js';
import { plural } from '../../lib/text.js';
import { VisibleString, VisibleText, visibleText } from '../VisibleString.jsx';

const ROW_HEIGHT = 34; // px, also in topic.css (.tt tbody tr)
const CARD_HEIGHT = 72; // px, a row as a card, also in topic.css (.tt.cards tbody tr)
const CARDS_BELOW = 600; // px of table width: narrower, the rows are cards
const OVERSCAN = 8;

const COLUMNS = [
  ['role', 'Role'],
  ['partition', 'Partition'],
  ['holder', 'Lease holder'],
  ['deadline', 'Expiry'],
  ['members', 'Members'],
  ['anomalies', 'Anomalies'],
];

export function StateTable({ table: t, rows, sort, setSort, selected, onSelect, anomalies, now }) {
  const scroller = useRef();
  const [view, setView] = useState({ top: 0, height: 480, width: 1000 });
  const measure = () => {
    const el = scroller.current;
    if (!el) return;
    const next = { top: el.scrollTop, height: el.clientHeight, width: el.clientWidth };
    setView((v) => (v.top === next.top && v.height === next.height && v.width === next.width ? v : next));
  };
  const cards = view.width < CARDS_BELOW;
  const rowHeight = cards ? CARD_HEIGHT : ROW_HEIGHT;
  // The size is read when the browser has laid the table out (a ResizeObserver's callback, before
  // that frame is painted), never forced in the task that renders it: a fold's state arrives in a
  // task of its own, and a forced layout of the page there made it the longest (issue 23).
  useLayoutEffect(() => {
    const observer = new ResizeObserver(measure);
    observer.observe(scroller.current);
    return () => observer.disconnect();
  }, []);
  // A new filter or sort: back to the top (a scroll event measures the view again).
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [rows]);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const isSelected = (i) => selected?.index === i;

  // Focus the role button of row i, scrolling it into view first when it is not rendered yet.
  function focusRow(i) {
    i = Math.max(0, Math.min(rows.length - 1, i));
    const el = scroller.current;
    const find = () => el.querySelector(`[data-row="${i}"] button`);
    const y = i * rowHeight;
    const headH = el.querySelector('thead').offsetHeight;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + rowHeight > el.scrollTop + el.clientHeight - headH)
      el.scrollTop = y + rowHeight - el.clientHeight + headH;
    measure();
    if (find()) find().focus();
    else requestAnimationFrame(() => find()?.focus());
  }
  function onKeyDown(e) {
    const i = Number(e.target.closest('[data-row]')?.dataset.row);
    if (Number.isNaN(i)) return;
    const page = Math.max(1, Math.floor(view.height / rowHeight) - 1);
    const to = {
      ArrowDown: i + 1,
      ArrowUp: i - 1,
      PageDown: i + page,
      PageUp: i - page,
      Home: 0,
      End: rows.length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focusRow(to);
  }

  return (
    <div class="tt-scroll" ref={scroller} onScroll={measure} tabIndex={-1}>
      <table
        class={cards ? 'tt cards' : 'tt'}
        aria-rowcount={rows.length + 1}
        aria-label={`Roles: ${rows.length} of ${t.n}`}
      >
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map(([col, label]) => (
              <th
                scope="col"
                class={`c-${col}`}
                aria-sort={sort.column === col ? (sort.dir > 0 ? 'ascending' : 'descending') : undefined}
              >
                <button
                  type="button"
                  class="sort"
                  onClick={() => setSort({ column: col, dir: sort.column === col ? -sort.dir : 1 })}
                >
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
              <td colSpan={6} style={{ height: `${first * rowHeight}px` }} />
            </tr>
          )}
          {Array.from(rows.subarray(first, last), (r, k) => {
            const i = first + k;
            const status = leaseStatus(t, r, now);
            const role = t.role.at(r);
            const found = anomalies.get(role);
            const kinds = found && [...new Set(found.map((a) => a.kind))].join(', ');
            const members = t.members.at(r);
            const holder = t.holder.at(r);
            return (
              <tr key={r} data-row={i} aria-rowindex={i + 2} class={isSelected(r) ? 'sel' : undefined} data-role={role}>
                <th scope="row" class="c-role">
                  <button
                    type="button"
                    class="link"
                    aria-current={isSelected(r) ? 'true' : undefined}
                    onClick={() => onSelect(r)}
                    title={visibleText(role)}
                  >
                    <VisibleString value={role} />
                  </button>
                </th>
                <td class="c-partition" data-label="partition">
                  {t.partition[r]}
                </td>
                <td class="c-holder" data-holder={holder}>
                  {status !== 'none' ? <VisibleString value={holder} /> : <span class="muted">no lease</span>}
                </td>
                <td class={`c-deadline st-${status}`}>{status !== 'none' ? countdown(t.deadline[r], now) : ''}</td>
                <td class="c-members" data-label="members" title={visibleText(members)}>
                  {t.memberCount[r]}
                  {t.memberCount[r] > 0 && (
                    <span class="muted">
                      {' '}
                      (<VisibleText value={members.length > 40 ? `${members.slice(0, 40)}…` : members} />)
                    </span>
                  )}
                </td>
                <td class="c-anomalies">
                  {found && (
                    <span class="anom" title={kinds}>
                      <span aria-hidden="true">⚠ {found.length}</span>
                      <span class="vh">
                        {plural(found.length, 'anomaly', 'anomalies')}: {kinds}
                      </span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
          {last < rows.length && (
            <tr class="spacer" aria-hidden="true">
              <td colSpan={6} style={{ height: `${(rows.length - last) * rowHeight}px` }} />
            </tr>
          )}
        </tbody>
      </table>
      {rows.length === 0 && <p class="muted empty-rows">No role matches.</p>}
    </div>
  );
}
