// The Diff tab: two records, A and B (any format the viewer knows, pasted as in the record view),
// inspected under one target and shown as one tree of their fields (lib/record-diff.js: matched by
// path; a value changed, a field only in A or only in B, an error in one) beside each side's state,
// with both hex dumps marking the bytes that differ. A field selected in the tree or in either dump
// is selected on both sides. Its own chunk, loaded when the tab opens; it decodes with the full
// module (components/formats/formats.js), loaded with it.
import { useState, useMemo } from 'preact/hooks';
import { parseInput } from '../../../../wasm/text/input-formats.js';
import { InputPanel } from '../InputPanel.jsx';
import { FieldTree } from '../FieldTree.jsx';
import { FieldValue } from '../FieldValue.jsx';
import { HexDump } from '../HexDump.jsx';
import { RecordState, stateOf } from '../DecodedRecord.jsx';
import { useByteCursor, useTree } from '../RecordView.jsx';
import { LoadError } from '../LazyPart.jsx';
import { attempt } from '../../lib/decode.js';
import { allNodes, flatten, firstWithPath } from '../../lib/fields.js';
import { hex, plural } from '../../lib/text.js';
import { diffRecords, CHANGES } from '../../lib/record-diff.js';
import { DIFF_TARGETS } from '../../lib/diff-targets.js';
import { useOnDemand } from '../../lib/use-on-demand.js';
import { loadFull, loadLog, formatSummary } from '../formats/formats.js';
import { decodePair } from './decode-pair.js';
import '../formats/formats.css';
import './diff.css';

const SIDES = ['a', 'b'];
const NAME = { a: 'A', b: 'B' };

/**
 * What the diff found, in a sentence: how many fields differ, and how, and whether bytes in no field
 * differ (trailing bytes: with no field differing, the bytes still do, and the sides' errors say why).
 */
function summary({ counts, outside }, bytes, shown) {
  const differing = Object.keys(CHANGES).filter((c) => c !== 'same' && c !== 'inner' && counts[c] > 0);
  const where =
    outside &&
    `the bytes differ ${outside.afterFields ? 'after the last field' : 'outside the fields'}, from offset ${outside.offset}`;
  if (!differing.length) {
    const same = bytes.a.length === bytes.b.length && bytes.a.every((x, i) => x === bytes.b[i]);
    if (same) return 'No field differs: the bytes are the same.';
    const errors = SIDES.filter((side) => shown[side].error).map(
      (side) => `${NAME[side]}: ${shown[side].error.code} at offset ${shown[side].error.offset}`,
    );
    return `No field differs; ${where ?? 'the bytes differ'}${errors.length ? ` (${errors.join('; ')})` : ''}.`;
  }
  const total = differing.reduce((n, c) => n + counts[c], 0);
  return `${plural(total, 'field differs', 'fields differ')} (${differing.map((c) => `${CHANGES[c]}: ${counts[c]}`).join(', ')})${where ? `; ${where.replace('differ', 'also differ')}` : ''}.`;
}

const NO_FIELDS = { fields: [], size: 0 };

/**
 * Per side, its nodes' rows in the diff tree (rows: allNodes of the diff's rows): node -> index of
 * the first row holding it.
 */
function rowsOfNodes(rows) {
  const of = { a: new Map(), b: new Map() };
  rows.forEach((row, i) => {
    for (const side of SIDES) if (row[side] && !of[side].has(row[side])) of[side].set(row[side], i);
  });
  return of;
}

/** The diff tree's cells of a row: wire type, A's value, B's value, what changed. */
function diffCells(row) {
  // A record or an array has no value of its own: its cells stay empty (its fields say what differs).
  const container = row.children.length > 0 && row.a?.value === undefined && row.b?.value === undefined;
  const value = (node, side) =>
    container ? (
      <span class={`val v${side}`} />
    ) : (
      <span class={`val v${side}`}>
        <span class="side">{NAME[side]}: </span>
        {node ? <FieldValue node={node} /> : <span class="muted">absent</span>}
      </span>
    );
  const types = [...new Set([row.a?.wireType, row.b?.wireType].filter(Boolean))];
  return (
    <>
      <span class="wt">{types.join(' / ')}</span>
      {value(row.a, 'a')}
      {value(row.b, 'b')}
      <span class="chg-badge">{row.change === 'same' ? '' : CHANGES[row.change]}</span>
    </>
  );
}

/** A's and B's fields as one tree, and their dumps: one selection, one hover. */
function DiffRecords({ shown, bytes, diff, cols, selected, setSelected }) {
  const nodes = useMemo(() => allNodes(diff.rows), [diff]);
  const rowOf = useMemo(() => rowsOfNodes(nodes), [nodes]);
  // The tree's rows by index (paths need not be unique). The link keeps the selected row's path
  // (selected), which names its first row unless the row chosen here has it.
  const [chosen, setChosen] = useState({ nodes, index: null });
  const index =
    chosen.nodes === nodes && chosen.index !== null && nodes[chosen.index].path === selected
      ? chosen.index
      : firstWithPath(nodes, selected);
  const select = (i) => {
    setChosen({ nodes, index: i });
    setSelected(i === null ? null : nodes[i].path);
  };
  const [hovered, setHovered] = useState({ nodes, index: null });
  const hover = hovered.nodes === nodes ? hovered.index : null;
  const setHover = (i) => setHovered((h) => (h.nodes === nodes && h.index === i ? h : { nodes, index: i }));
  const sideNodes = {
    a: useMemo(() => allNodes((shown.a ?? NO_FIELDS).fields), [shown.a]),
    b: useMemo(() => allNodes((shown.b ?? NO_FIELDS).fields), [shown.b]),
  };
  const cursors = {
    a: useByteCursor(shown.a ?? NO_FIELDS, sideNodes.a, (node) => select(rowOf.a.get(node) ?? null)),
    b: useByteCursor(shown.b ?? NO_FIELDS, sideNodes.b, (node) => select(rowOf.b.get(node) ?? null)),
  };
  const tree = useTree(nodes, select);
  return (
    <>
      <FieldTree
        {...tree}
        id="diff"
        title="Fields of A and B"
        fields={diff.rows}
        rows={flatten(diff.rows, tree.expanded)}
        selected={index}
        setSelected={select}
        hover={hover}
        setHover={setHover}
        onActivate={(row) => {
          const side = SIDES.find((s) => row[s]?.length);
          if (side) cursors[side].focusByte(row[side].offset);
        }}
        cells={diffCells}
        rowClass={(row) => ` ch-${row.change}`}
        head={
          <div class="diff-head" aria-hidden="true">
            <span>Field</span>
            <span>Type</span>
            <span>A</span>
            <span>B</span>
            <span>Change</span>
          </div>
        }
      />
      <div class="diff-dumps">
        {SIDES.map((side) => (
          <section class="diff-dump" id={`diff-${side}-dump`} aria-label={`${NAME[side]}: bytes`}>
            {shown[side] ? (
              <HexDump
                {...cursors[side]}
                id={`diff-${side}`}
                title={`${NAME[side]}: bytes`}
                ins={shown[side]}
                nodes={sideNodes[side]}
                bytes={bytes[side]}
                changed={diff.changed[side]}
                cols={cols}
                sel={index === null ? null : nodes[index][side]}
                hov={hover === null ? null : nodes[hover][side]}
                selectField={(node) => select(rowOf[side].get(node) ?? null)}
                hoverField={(node) => setHover(node ? (rowOf[side].get(node) ?? null) : null)}
                focusField={(node) => tree.focusTree(rowOf[side].get(node))}
              />
            ) : (
              <p class="muted">No bytes in {NAME[side]}.</p>
            )}
          </section>
        ))}
      </div>
    </>
  );
}

/**
 * state: { a, b (each { text, format }), target, field }; set(partial) updates it (the app keeps it
 * for links); linkNotes: what a shared link did not open (app.jsx), by input id.
 */
export function DiffView({ state, set, linkNotes, cols, announce }) {
  const full = useOnDemand(loadFull, true);
  const codec = full.value;
  const wantsLog = state.target === 'produce-request' || state.target === 'auto';
  const log = useOnDemand(loadLog, wantsLog);
  const logReady = log.value !== null;
  // Auto waits for the ProduceRequest module, so that its first choice is its last.
  const waitingLog = wantsLog && !logReady && !log.error;

  const parsedA = useMemo(() => parseInput(state.a.text, state.a.format), [state.a.text, state.a.format]);
  const parsedB = useMemo(() => parseInput(state.b.text, state.b.format), [state.b.text, state.b.format]);
  const bytesOf = (side, parsed) => (parsed.ok && side.text.trim() !== '' ? parsed.bytes : null);
  const bytes = { a: bytesOf(state.a, parsedA), b: bytesOf(state.b, parsedB) };
  const shown = useMemo(
    () =>
      codec && !waitingLog && (bytes.a || bytes.b)
        ? attempt(() => decodePair(codec, bytes.a, bytes.b, state.target, logReady))
        : null,
    [codec, waitingLog, bytes.a, bytes.b, state.target, logReady],
  );
  const diff = useMemo(
    () =>
      shown && !shown.failure
        ? diffRecords(shown.a && { ...shown.a, bytes: bytes.a }, shown.b && { ...shown.b, bytes: bytes.b })
        : null,
    [shown],
  );

  function loadExample() {
    const lease = {
      kind: 'lease',
      member: 'consumer-1',
      producerId: 4000n,
      producerEpoch: 3,
      grantedAt: 1700000000000n,
      deadline: 1700000030000n,
    };
    set({
      a: { text: hex(codec.encodeValue(lease)), format: 'auto' },
      b: { text: hex(codec.encodeValue({ ...lease, producerEpoch: 4 })), format: 'auto' },
      target: 'auto',
      field: null,
    });
    announce('Loaded two leases that differ in their producer epoch.');
  }

  return (
    <div class="diff">
      <p class="muted">
        Two records side by side, field by field: why one consumer accepts a record and another rejects it.
      </p>
      <div class="inputs">
        {SIDES.map((side) => (
          <InputPanel
            id={`diff-${side}`}
            title={NAME[side]}
            label={`${NAME[side]}: bytes`}
            state={{ ...state[side], isNull: false }}
            set={(p) => set({ [side]: { text: p.text ?? state[side].text, format: p.format ?? state[side].format } })}
            parsed={side === 'a' ? parsedA : parsedB}
            linkNote={linkNotes?.[`diff-${side}`]}
          />
        ))}
      </div>
      <div class="controls diff-controls">
        <label for="diff-target">Decode both as</label>
        <select id="diff-target" value={state.target} onChange={(e) => set({ target: e.currentTarget.value })}>
          {DIFF_TARGETS.map(([t, label]) => (
            <option value={t}>{label}</option>
          ))}
        </select>
        <button type="button" disabled={!codec} onClick={loadExample}>
          Example: two leases
        </button>
      </div>
      {full.error && <LoadError what="full module (its decoders)" error={full.error} retry={full.load} />}
      {!codec && !full.error && (
        <p class="muted" role="status">
          Loading the decoders…
        </p>
      )}
      {log.error && <LoadError what="ProduceRequest module" error={log.error} retry={log.load} />}
      {waitingLog && codec && (
        <p class="muted" role="status">
          Loading the ProduceRequest module…
        </p>
      )}
      {shown?.failure && (
        <p class="banner error" role="alert">
          The decoder failed: {shown.failure}
        </p>
      )}
      {shown?.why && (
        <p class="note" id="diff-why">
          {shown.why}
        </p>
      )}
      {diff && (
        <section class="panel diff-result" aria-labelledby="diff-h" data-target={shown.target}>
          <h2 id="diff-h">
            A and B <span class="target">as {shown.target}</span>
          </h2>
          <p id="diff-summary" aria-live="polite">
            {shown.a && shown.b
              ? summary(diff, bytes, shown)
              : `Only ${shown.a ? 'A' : 'B'} has bytes: paste the other record to compare.`}
          </p>
          <div class="diff-sides">
            {SIDES.map((side) => (
              <div class="diff-side" id={`diff-${side}-state`} data-state={stateOf(shown[side], false)}>
                <h3 class="sub">{NAME[side]}</h3>
                {shown[side] ? (
                  <RecordState title={NAME[side]} ins={shown[side]} isNull={false} summarize={formatSummary} />
                ) : (
                  <p class="muted">Nothing to decode yet.</p>
                )}
              </div>
            ))}
          </div>
          <DiffRecords
            shown={shown}
            bytes={bytes}
            diff={diff}
            cols={cols}
            selected={state.field}
            setSelected={(field) => set({ field })}
          />
        </section>
      )}
      {!diff && !shown && codec && !waitingLog && (
        <p class="muted">Paste the bytes of two records, A and B, or load the example.</p>
      )}
    </div>
  );
}
