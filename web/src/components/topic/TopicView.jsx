// The topic view (issue 11): segment files, a partition or log directory, or record inputs (kcat
// framed records, JSON Lines, kafka-console-consumer or text lines) folded into the coordination
// state in a Web Worker (lib/topic-worker.js); the state table, the timeline (a picture of every
// role, or a role's records as a list), one record in the single-record view, and the errors and
// anomalies.
import { useState, useEffect, useMemo, useRef } from 'preact/hooks';
import { TopicClient, poolSize } from '../../lib/topic-client.js';
import {
  planInputs,
  otherTopicsText,
  anomaliesByRole,
  anomalyObjects,
  filterRoles,
  sortRoles,
  StringColumn,
  FILTERS,
} from '../../lib/topic-rows.js';
import { plural } from '../../lib/text.js';
import { stateCsvParts } from '../../lib/state-csv.js';
import { download } from '../../lib/download.js';
import { StateTable } from './StateTable.jsx';
import { Timeline } from './Timeline.jsx';
import { useOnDemand } from '../../lib/use-on-demand.js';
import { LazyPart } from '../LazyPart.jsx';
import { TopicInput } from './TopicInput.jsx';
import { TopicProblems } from './TopicProblems.jsx';
import { TopicRecord } from './TopicRecord.jsx';
import { TransactionLog } from './TransactionLog.jsx';
import { GroupsView } from './GroupsView.jsx';
import { ShareStateView } from './ShareStateView.jsx';
import { ClusterMetadataView } from './ClusterMetadataView.jsx';
import './topic.css';

// The picture's fold keeps every value (about 136 bytes a record in its worker): drawn for inputs up
// to this size; above it, a role's records are listed from the fold's bounded record index.
const PICTURE_MAX_BYTES = 256 << 20;

export function TopicView({ narrow, announce }) {
  const client = useMemo(() => new TopicClient(), []);
  useEffect(() => () => client.dispose(), []);
  const [fallback, setFallback] = useState(0);
  // The pool (on by default; unchecked, one worker folds everything: web/README.md).
  const [pooled, setPooled] = useState(true);
  const [busy, setBusy] = useState(false); // while folding
  const progressTo = useRef(null); // FoldProgress's setter while it is shown
  const [status, setStatus] = useState(null);
  const [failure, setFailure] = useState(null);
  const [unreadable, setUnreadable] = useState([]); // files (or partitions) the fold could not read
  const [state, setState] = useState(null);
  const [table, setTable] = useState(null); // the roles as columns (lib/topic-rows.js)
  const [transactionLog, setTransactionLog] = useState(null); // with __transaction_state-N inputs
  const [groups, setGroups] = useState(null); // with __consumer_offsets-N inputs
  const [shareState, setShareState] = useState(null); // with __share_group_state-N inputs
  const [clusterMetadata, setClusterMetadata] = useState(null); // with __cluster_metadata-N inputs
  const [plan, setPlan] = useState(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('all');
  const [sort, setSort] = useState({ column: 'role', dir: 1 });
  const [selected, setSelected] = useState(null);
  const [timeline, setTimeline] = useState(null); // { keys } | { error }
  const [opened, setOpened] = useState(null);
  const [openError, setOpenError] = useState(null);
  const [source, setSource] = useState(null); // what was folded, for the picture's own fold
  const [view, setView] = useState('picture'); // the timeline as a picture or as a list
  const [now, setNow] = useState(Date.now());
  const recordRef = useRef();
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  async function run(files, pasted) {
    const p = planInputs(files, fallback);
    if (!p.inputs.length && !pasted) {
      setFailure(
        p.otherTopics.length
          ? `Nothing to read: the partition directories are of ${otherTopicsText(p.otherTopics)}, none of them __coordination_state, __consumer_offsets, __transaction_state, __share_group_state or __cluster_metadata. Choose one topic's partition directories to read a renamed copy.`
          : p.skipped.length
            ? `Nothing to read: ${p.skipped.length} file(s) are Kafka indexes or checkpoints, not records.`
            : 'Nothing to read.',
      );
      return;
    }
    setPlan(p);
    setFailure(null);
    setUnreadable([]);
    setSelected(null);
    setTimeline(null);
    setOpened(null);
    setSource(null);
    setBusy(true);
    setStatus('Reading…');
    const t0 = performance.now();
    performance.mark('topic-fold-start');
    let superseded = false;
    try {
      const inputs = p.inputs.map(
        ({ file, name, kind, partition, transactions, groups, shareState, clusterMetadata }) => ({
          file,
          name,
          kind,
          partition,
          transactions,
          groups,
          shareState,
          clusterMetadata,
        }),
      );
      const folding = { inputs, text: pasted, now: Date.now() };
      // The state table and the anomalies, as the worker's columns give them (at the end, and as
      // partitions finish).
      const show = ({ state, table }) => {
        state.anomalies = anomalyObjects(state.anomalies);
        for (const c of ['role', 'holder']) table[c] = new StringColumn(table[c]);
        table.members = new StringColumn(table.members, table.memberCount);
        if (table.transaction) table.transaction = new StringColumn(table.transaction);
        setState(state);
        setTable(table);
      };
      const folded = await client.request(
        { type: 'fold', ...folding, workers: pooled ? poolSize() : 1 },
        (done, total) => progressTo.current?.({ done, total }),
        show,
      );
      performance.mark('topic-fold-end');
      const { state, table, transactionLog, groups } = folded;
      show(folded);
      setUnreadable(folded.unreadable);
      setTransactionLog(transactionLog);
      setGroups(groups);
      setShareState(folded.shareState);
      setClusterMetadata(folded.clusterMetadata);
      // The picture folds the coordination topic's inputs alone (its worker knows no transaction log,
      // no consumer groups, no share-group state and no metadata log).
      const drawn = inputs.filter((i) => !i.transactions && !i.groups && !i.shareState && !i.clusterMetadata);
      if (drawn.reduce((n, i) => n + i.file.size, 0) <= PICTURE_MAX_BYTES) setSource({ ...folding, inputs: drawn });
      else setView('list');
      const ms = Math.round(performance.now() - t0);
      const msg = `Folded ${plural(state.records, 'record')} into ${plural(table.n, 'role')} in ${ms} ms: ${plural(state.errors.length, 'error')}, ${plural(state.anomalies.length, 'anomaly', 'anomalies')}.`;
      setStatus(msg);
      announce(msg);
    } catch (e) {
      // A newer fold took this one's place (topic-client.js): it shows its own outcome and is busy.
      if (e.message === 'superseded') {
        superseded = true;
        return;
      }
      setStatus(null);
      // A state shown as partitions finished is not the input's.
      setState(null);
      setTable(null);
      if (e.cancelled) announce('Cancelled.');
      setFailure(e.cancelled ? 'Cancelled: nothing was folded.' : `The input could not be read: ${e.message}`);
    } finally {
      if (!superseded) setBusy(false);
    }
  }

  async function selectRole(index) {
    if (busy) return; // the table of a fold under way: its timelines come when it is done
    const r = { index, role: table.role.at(index), partition: table.partition[index] };
    setSelected(r);
    setOpened(null);
    setTimeline(null);
    try {
      const { keys } = await client.request({ type: 'history', role: r.role, partition: r.partition });
      setTimeline({ keys });
    } catch (e) {
      if (!e.cancelled && e.message !== 'superseded') setTimeline({ error: e.message });
    }
  }
  function selectRoleByName(name) {
    const i = table.role.all().indexOf(name);
    if (i >= 0) selectRole(i);
  }
  async function openRecord(partition, offset, at) {
    try {
      const rec = await client.request({ type: 'record', partition, offset, at });
      setOpened(rec);
      setOpenError(null);
      requestAnimationFrame(() => recordRef.current?.querySelector('#topic-record')?.focus());
    } catch (e) {
      if (e.message !== 'superseded') setOpenError(e.message);
    }
  }

  const anomalies = useMemo(() => anomaliesByRole(state?.anomalies ?? []), [state]);
  // Filter by lease status uses the clock of the last filter change, not every tick (the rows would
  // otherwise be re-filtered and re-sorted every second).
  const filterNow = useMemo(() => Date.now(), [state, query, filter]);
  const rows = useMemo(
    () =>
      table
        ? sortRoles(
            table,
            filterRoles(table, { query, filter, now: filterNow, anomalies }),
            sort.column,
            sort.dir,
            anomalies,
          )
        : new Int32Array(0),
    [table, query, filter, sort, anomalies, filterNow],
  );
  // The picture is a chunk of its own, loaded with the first fold (the tab opens without it).
  const pictureModule = useOnDemand(() => import('./TimelinePicture.jsx').then((m) => m.TimelinePicture), !!source);
  // One element each while their inputs stay (selectRole and openRecord read only these and stable
  // things), so the clock's tick every second renders neither the picture nor the lists again.
  // The errors and anomalies (up to 200 of each listed) render in a task after the state table's
  // frame, each task short (issue 23: together they were the page's longest when a fold's state
  // arrived); the status line shows with them, when the page shows the whole state.
  const [listed, setListed] = useState(null);
  useEffect(() => {
    const t = setTimeout(() => setListed(state), 0);
    return () => clearTimeout(t);
  }, [state]);
  const problems = useMemo(() => listed && <TopicProblems state={listed} onRole={selectRoleByName} />, [listed, table]);
  const picture = useMemo(
    () =>
      source && (
        <LazyPart part={pictureModule} what="timeline picture">
          {(TimelinePicture) => (
            <TimelinePicture
              source={source}
              table={table}
              rows={rows}
              selected={selected}
              onSelect={selectRole}
              onOpen={openRecord}
              anomalies={state.anomalies}
              announce={announce}
              narrow={narrow}
            />
          )}
        </LazyPart>
      ),
    [source, table, rows, selected, state, narrow, pictureModule.value, pictureModule.error],
  );

  return (
    <div class="topic">
      <TopicInput
        busy={busy}
        onRun={run}
        fallback={fallback}
        setFallback={setFallback}
        pooled={pooled}
        setPooled={setPooled}
        progressTo={progressTo}
        onCancel={() => client.cancel()}
        failure={failure}
        unreadable={unreadable}
        status={status && listed === state ? status : null}
        plan={plan}
      />
      {state && (
        <>
          {problems}
          {transactionLog && <TransactionLog doc={transactionLog} />}
          {groups && <GroupsView doc={groups} />}
          {shareState && <ShareStateView doc={shareState} />}
          {clusterMetadata && <ClusterMetadataView doc={clusterMetadata} />}
          <section class="panel" aria-labelledby="state-h" id="topic-state">
            <div class="result-head">
              <h2 id="state-h">State</h2>
              <p class="muted small" id="topic-count" aria-live="polite">
                {rows.length === table.n ? plural(rows.length, 'role') : `${rows.length} of ${plural(table.n, 'role')}`}
              </p>
            </div>
            <div class="controls">
              <label for="topic-search">Search</label>
              <input
                id="topic-search"
                type="search"
                placeholder="role, holder or member"
                value={query}
                onInput={(e) => setQuery(e.currentTarget.value)}
              />
              <label for="topic-filter">Show</label>
              <select id="topic-filter" value={filter} onChange={(e) => setFilter(e.currentTarget.value)}>
                {Object.entries(FILTERS).map(([k, label]) => (
                  <option value={k}>{label}</option>
                ))}
              </select>
              <button
                type="button"
                id="topic-csv"
                onClick={() =>
                  download(
                    new Blob(stateCsvParts(table, rows, anomalies, now), { type: 'text/csv' }),
                    'coordination-state.csv',
                  )
                }
              >
                Download CSV
              </button>
            </div>
            <StateTable
              table={table}
              rows={rows}
              sort={sort}
              setSort={setSort}
              selected={selected}
              onSelect={selectRole}
              anomalies={anomalies}
              now={now}
            />
          </section>
          <section class="panel timeline" aria-labelledby="timeline-h" id="timeline">
            <div class="result-head">
              <h2 id="timeline-h">Timeline</h2>
              <div class="tl-views" role="group" aria-label="Show the timeline as">
                {[
                  ['picture', 'Picture'],
                  ['list', 'List of records'],
                ].map(([v, label]) => (
                  <button
                    type="button"
                    id={`tl-view-${v}`}
                    aria-pressed={view === v ? 'true' : 'false'}
                    onClick={() => setView(v)}
                  >
                    {label}
                  </button>
                ))}
              </div>
            </div>
            {openError && (
              <p class="banner error" role="alert" id="timeline-open-error">
                {openError}
              </p>
            )}
            {!source && !busy && (
              <p class="muted small" id="timeline-no-picture">
                No picture for inputs over {PICTURE_MAX_BYTES >> 20} MB (its fold would keep every record); a role's
                records are listed.
              </p>
            )}
            {/* Kept while the list is shown: its data is a fold of its own. */}
            <div hidden={view !== 'picture'}>{picture}</div>
            {view === 'list' &&
              (selected ? (
                <Timeline
                  role={selected}
                  transaction={table.transaction?.at(selected.index)}
                  keys={timeline?.keys}
                  error={timeline?.error}
                  onOpen={openRecord}
                  opened={opened}
                />
              ) : (
                <p class="muted" id="timeline-choose">
                  Choose a role in the table (or its lane in the picture) to list its records.
                </p>
              ))}
          </section>
          <div ref={recordRef}>
            {opened && (
              <TopicRecord
                key={`${opened.partition}:${opened.offset}`}
                rec={opened}
                narrow={narrow}
                announce={announce}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}
