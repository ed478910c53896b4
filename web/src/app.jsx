// The viewer: paste or upload key and value bytes, see every field, every byte and the exact error.
// It decodes nothing itself; it renders what the codec's inspect() returns. Started by main.jsx;
// its shell (no codec yet) is pre-rendered into index.html at build time (web/prerender.jsx).
import { useState, useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { parseInput, parseOptionsFor } from '../../wasm/text/input-formats.js';
import { getCodec } from './lib/codec.js';
import { sampleHex } from './lib/samples.js';
import { hex } from './lib/text.js';
import { TARGETS, inspectKey, inspectValue, valueTarget } from './lib/decode.js';
import { InputPanel } from './components/InputPanel.jsx';
import { ResultCard } from './components/ResultCard.jsx';
import { Guard } from './components/Guard.jsx';
import { useDeferredText } from './lib/use-deferred-text.js';
import { ShareBar } from './components/ShareBar.jsx';
import { Note } from './components/Note.jsx';
import { usePastedPair } from './lib/use-pasted-pair.js';
import { ModeTabs } from './components/ModeTabs.jsx';
import { FORMAT_CHOICES, PAIR_FORMATS } from './lib/choices.js';
import { useOnDemand } from './lib/use-on-demand.js';
import { LazyPart } from './components/LazyPart.jsx';
import { emptyDiff } from './lib/diff-targets.js';

function useNarrow() {
  const mq = useMemo(() => window.matchMedia('(max-width: 720px)'), []);
  const [narrow, setNarrow] = useState(mq.matches);
  useEffect(() => {
    const f = () => setNarrow(mq.matches);
    mq.addEventListener('change', f);
    return () => mq.removeEventListener('change', f);
  }, []);
  return narrow;
}

/** shared: the state of the link opened (lib/share.js), or null; unreadableLink: why a link could not be read. */
export function App({ ready, shared, unreadableLink }) {
  const [loaded, setLoaded] = useState(ready);
  // A shared link sets the inputs; one without the bytes leaves them empty for the reader's own bytes.
  const sample = useMemo(() => (ready && !shared ? sampleHex(ready, 'lease') : null), []);
  const [loadErr, setLoadErr] = useState(null);
  const [key, setKeyState] = useState(
    shared?.withBytes ? shared.key : { text: sample?.key ?? '', format: shared?.key.format ?? 'auto', isNull: false },
  );
  const [val, setValState] = useState(
    shared?.withBytes
      ? shared.value
      : { text: sample?.value ?? '', format: shared?.value.format ?? 'auto', isNull: false },
  );
  const [target, setTarget] = useState(shared?.target ?? 'from-key');
  const [field, setField] = useState(shared?.field ?? null);
  // The format shown: the coordination record (key + value) or another (components/formats/), with
  // that view's input and the upgrade explainer's lines (kept here: a shared link carries them).
  const [format, setFormat] = useState(shared?.format ?? 'coordination');
  // Why the format shown was detected (a __consumer_offsets record in the key + value inputs), null
  // when the user chose it.
  const [formatWhy, setFormatWhy] = useState(null);
  const [bytesInput, setBytesInput] = useState(
    shared?.withBytes ? shared.bytes : { text: '', format: shared?.bytes.format ?? 'auto', isNull: false },
  );
  const [explainer, setExplainer] = useState(shared?.explainer ?? '');
  // The Diff tab's inputs, target and selected field (kept here: a shared link carries them).
  const [diff, setDiff] = useState(shared?.diff ?? emptyDiff());
  const [overLimit, setOverLimit] = useState(null);
  // What the link opened did not carry in, by input id (lib/share.js readFragment's notes): shown
  // under those inputs, until the first edit rewrites the address (a remounted input shows none).
  const [linkNotes, setLinkNotes] = useState(shared?.notes ?? null);
  const [badLink, setBadLink] = useState(unreadableLink);
  // Ticks every second: the re-render keeps relative times ("expires in 12 s") current.
  const [now, setNow] = useState(0);
  const [live, setLive] = useState('');
  const narrow = useNarrow();
  const setKey = (p) => setKeyState((s) => ({ ...s, ...p }));
  const setVal = (p) => setValState((s) => ({ ...s, ...p }));

  useEffect(() => {
    // Started with the codec (the usual case): the state already holds it and the sample, and a
    // state update here would render the whole view a second time right after the first paint.
    if (!ready)
      getCodec().then(
        (c) => {
          setLoaded(c);
          if (shared) return;
          setKeyState((s) => (s.text ? s : { ...s, text: sampleHex(c, 'lease').key }));
          setValState((s) => (s.text || s.isNull ? s : { ...s, text: sampleHex(c, 'lease').value }));
        },
        (e) => setLoadErr(String(e?.message ?? e)),
      );
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const codec = loaded;
  const keyText = useDeferredText(key.text);
  const valText = useDeferredText(val.text);
  // With the codec: a pasted record ("Copy JSON") is re-encoded, another reading is named only when plausible.
  const keyOptions = useMemo(() => codec && parseOptionsFor(codec, 'key'), [codec]);
  const valOptions = useMemo(() => codec && parseOptionsFor(codec, 'value'), [codec]);
  const keyParsed = useMemo(() => parseInput(keyText, key.format, keyOptions ?? {}), [keyText, key.format, keyOptions]);
  const valParsed = useMemo(() => parseInput(valText, val.format, valOptions ?? {}), [valText, val.format, valOptions]);
  usePastedPair(keyParsed, valParsed, setKeyState, setValState);
  const keyBytes = keyParsed.ok && !keyParsed.isNull ? keyParsed.bytes : null;
  const valBytes = val.isNull ? null : valParsed.ok ? valParsed.bytes : undefined;

  const keyIns = useMemo(() => inspectKey(codec, keyBytes, keyText), [codec, keyBytes, keyText]);
  const { target: valTarget, note: valNote } = valueTarget(target, keyIns);
  const valIns = useMemo(() => inspectValue(codec, valBytes, valTarget), [codec, valBytes, valTarget]);

  // 'decode-dom': the DOM of the first decoded view is committed (a layout effect runs right after the
  // commit, before any paint). When it is painted is reported by the browser: the decoded banners
  // carry elementtiming="first-decode" (tests/bench/measure.mjs reads both).
  useLayoutEffect(() => {
    if ((keyIns || valIns) && !document.documentElement.dataset.decoded) {
      performance.mark('decode-dom');
      document.documentElement.dataset.decoded = 'true';
    }
  }, [keyIns, valIns]);

  // The decoded cards, re-rendered only when what they show changes (or the clock ticks): a keystroke
  // in a large text re-renders the text area at once and the cards in the deferred task only.
  const keyNote = !keyIns ? (keyText.trim() === '' ? 'No key entered.' : 'Fix the key text above to decode it.') : null;
  const results = useMemo(
    () =>
      codec && (
        <div class="results pair">
          <Guard id="key-out" title="Decoded key" input={keyIns}>
            <ResultCard
              id="key-out"
              title="Decoded key"
              result={keyIns}
              bytes={keyBytes}
              cols={narrow ? 8 : 16}
              note={keyNote}
              announce={setLive}
              selected={field}
              onSelect={setField}
              onFix={(b) => setKeyState({ text: hex(b), format: 'auto', isNull: false })}
            />
          </Guard>
          <Guard id="value-out" title="Decoded value" input={valIns}>
            <ResultCard
              id="value-out"
              title="Decoded value"
              result={valIns}
              bytes={valBytes ?? null}
              isNull={val.isNull}
              cols={narrow ? 8 : 16}
              note={valBytes === undefined ? 'Fix the value text above to decode it.' : valNote}
              announce={setLive}
              selected={field}
              onSelect={setField}
              onFix={(b) => setValState({ text: hex(b), format: 'auto', isNull: false })}
            />
          </Guard>
        </div>
      ),
    [codec, keyIns, valIns, keyBytes, valBytes, val.isNull, narrow, keyNote, valNote, field, now],
  );

  // Loaded on demand, each a chunk of its own (the first view waits for none of them): the record
  // builder ("open in viewer" puts its texts in the inputs and shows the viewer), the topic view (a
  // whole topic folded; it stays mounted when another tab is shown, with its state), the other
  // formats (with the full module) and the diff of two records (with it too). Once loaded they stay.
  const [mode, setMode] = useState(shared?.tab ?? 'viewer');
  const builder = useOnDemand(
    () => import('./components/builder/RecordBuilder.jsx').then((m) => m.RecordBuilder),
    mode === 'builder',
  );
  const topic = useOnDemand(
    () => import('./components/topic/TopicView.jsx').then((m) => m.TopicView),
    mode === 'topic',
  );
  const formats = useOnDemand(
    () => import('./components/formats/FormatView.jsx').then((m) => m.FormatView),
    !PAIR_FORMATS.has(format),
  );
  const groupRecord = useOnDemand(
    () => import('./components/formats/GroupRecordView.jsx').then((m) => m.GroupRecordView),
    format === 'group-record',
  );
  // A key whose version is no coordination key's may be a __consumer_offsets key: when it decodes as
  // one (the whole-topic module's decoder, loaded for this), the record is read as one. Unambiguous
  // only so: a version 0 key (an offset commit's oldest) could also be a coordination key being
  // typed or cut short. Once per key text: a format the user chooses afterwards stays.
  const detectedFor = useRef(keyText);
  const otherVersion = keyIns?.error?.code === 'UNSUPPORTED_VERSION' && keyIns.error.offset === 0;
  useEffect(() => {
    if (format !== 'coordination' || !otherVersion || detectedFor.current === keyText) return;
    detectedFor.current = keyText;
    let live = true;
    import('./components/formats/group-detect.jsx')
      .then((m) => m.groupKeyReason(keyBytes, keyIns.error))
      .then(
        (why) => {
          if (!live || !why) return;
          setFormat('group-record');
          setFormatWhy(why);
          setLive('The key is a __consumer_offsets key: the record is read as one.');
        },
        // The detection is a convenience: a module that fails to load leaves the coordination view.
        () => {},
      );
    return () => {
      live = false;
    };
  }, [keyIns, format]);
  const differ = useOnDemand(() => import('./components/diff/DiffView.jsx').then((m) => m.DiffView), mode === 'diff');
  // The whole state in the fragment, as the user edits: replaceState (no history entry per
  // keystroke), a quarter second after the last change; not on the first render (a fresh page keeps
  // a clean address). A state no link carries (packed over the limit, or a text over the input cap):
  // the formats and the target only, and a message.
  const shareState = { key, value: val, target, field, tab: mode, format, bytes: bytesInput, explainer, diff };
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let live = true;
    const t = setTimeout(async () => {
      const { linkOf } = await import('./lib/share.js');
      const { frag, problem } = await linkOf(shareState);
      if (!live) return;
      setOverLimit(problem);
      setLinkNotes(null);
      setBadLink(null);
      history.replaceState(history.state, '', `#${frag}`);
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [key, val, target, field, mode, format, bytesInput, explainer, diff]);

  function openFromBuilder({ key: k, value: v, target: t }) {
    setKeyState({ text: k?.text ?? '', format: k?.format ?? 'auto', isNull: false });
    setValState(v ? { text: v.text, format: v.format, isNull: false } : { text: '', format: 'auto', isNull: true });
    setTarget(t);
    setFormat('coordination');
    setMode('viewer');
  }

  // A format the user chooses (or an action shows): not detected again for this key text.
  function chooseFormat(f, text = keyText) {
    detectedFor.current = text;
    setFormat(f);
    setFormatWhy(null);
  }

  function showSample(s, shownFormat, what) {
    detectedFor.current = s.key;
    setKeyState({ text: s.key, format: 'auto', isNull: false });
    setValState({ text: s.value ?? '', format: 'auto', isNull: s.value === null });
    setTarget('from-key');
    setFormat(shownFormat);
    setFormatWhy(null);
    setLive(`Loaded the ${what} sample.`);
  }
  const loadSample = (kind) => showSample(sampleHex(codec, kind), 'coordination', kind);
  // A Kafka Streams group's metadata, golden/generate_groups.py's bytes (web/vite.config.js goldenVector).
  const loadGroupSample = () =>
    import('golden-vector:group-records/valid/group-v3-stream').then(
      (m) => showSample(m.default, 'group-record', 'Streams group'),
      (e) => setLive(`The Streams group sample failed to load: ${e?.message ?? e}`),
    );

  return (
    <>
      <header class="top">
        <div>
          <h1>Coordination record viewer</h1>
          <p class="muted">
            Keys and values of the <code>__coordination_state</code> topic: every field, every byte, the exact error.
          </p>
        </div>
        <div class="samples" role="group" aria-label="Samples">
          <button type="button" disabled={!codec} onClick={() => loadSample('registration')}>
            Registration sample
          </button>
          <button type="button" disabled={!codec} onClick={() => loadSample('lease')}>
            Lease sample
          </button>
          <button type="button" id="sample-streams-group" onClick={loadGroupSample}>
            Streams group sample
          </button>
          <button
            type="button"
            onClick={() => {
              setKeyState({ text: '', format: 'auto', isNull: false });
              setValState({ text: '', format: 'auto', isNull: false });
              setLive('Cleared.');
            }}
          >
            Clear
          </button>
        </div>
        <ShareBar state={shareState} overLimit={overLimit} announce={setLive} />
      </header>
      <main>
        {loadErr && (
          <p class="banner error" role="alert">
            The codec failed to load: {loadErr}
          </p>
        )}
        {badLink && (
          <Note id="link-note" role="status">
            This link could not be read: {badLink}. The sample is shown instead.
          </Note>
        )}
        <ModeTabs mode={mode} setMode={setMode} />
        <div role="tabpanel" id="panel-viewer" aria-labelledby="tab-viewer" hidden={mode !== 'viewer'}>
          <div class="format-choice">
            <label for="format">Format</label>
            <select id="format" value={format} onChange={(e) => chooseFormat(e.currentTarget.value)}>
              {FORMAT_CHOICES.map(([v, label]) => (
                <option value={v}>{label}</option>
              ))}
            </select>
          </div>
          {!PAIR_FORMATS.has(format) && (
            <LazyPart part={formats} what="view of the other formats">
              {(FormatView) => (
                <FormatView
                  format={format}
                  input={bytesInput}
                  setInput={(p) => setBytesInput((s) => ({ ...s, ...p }))}
                  explainer={explainer}
                  setExplainer={setExplainer}
                  linkNotes={linkNotes}
                  cols={narrow ? 8 : 16}
                  announce={setLive}
                  onOpenRecord={(k, v) => {
                    setKeyState({ text: k, format: 'hex', isNull: false });
                    setValState({ text: v ?? '', format: 'hex', isNull: v === null });
                    setTarget('from-key');
                    chooseFormat('coordination', k);
                    setLive('Opened the coordination record in the record view.');
                  }}
                />
              )}
            </LazyPart>
          )}
          {PAIR_FORMATS.has(format) && (
            <>
              <div class="inputs">
                <InputPanel
                  id="key"
                  title="Key"
                  state={key}
                  set={setKey}
                  parsed={keyParsed}
                  options={keyOptions}
                  linkNote={linkNotes?.key}
                />
                <InputPanel
                  id="value"
                  title="Value"
                  state={val}
                  set={setVal}
                  parsed={valParsed}
                  options={valOptions}
                  linkNote={linkNotes?.value}
                  nullable
                >
                  {format === 'coordination' && (
                    <>
                      <label for="value-target">Decode as</label>
                      <select id="value-target" value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
                        <option value="from-key">the key's kind</option>
                        <option value="auto">auto (try every target)</option>
                        {TARGETS.map((t) => (
                          <option value={t}>{t}</option>
                        ))}
                      </select>
                    </>
                  )}
                </InputPanel>
              </div>
              {format === 'coordination' ? (
                results
              ) : (
                <LazyPart part={groupRecord} what="__consumer_offsets record view">
                  {(GroupRecordView) => (
                    <GroupRecordView
                      keyBytes={keyBytes}
                      valBytes={valBytes}
                      isNull={val.isNull}
                      cols={narrow ? 8 : 16}
                      announce={setLive}
                      why={formatWhy}
                    />
                  )}
                </LazyPart>
              )}
            </>
          )}
        </div>
        <div role="tabpanel" id="panel-builder" aria-labelledby="tab-builder" hidden={mode !== 'builder'}>
          {(mode === 'builder' || builder.value) && (
            <LazyPart part={builder} what="record builder">
              {(RecordBuilder) => codec && <RecordBuilder codec={codec} open={openFromBuilder} announce={setLive} />}
            </LazyPart>
          )}
        </div>
        <div role="tabpanel" id="panel-topic" aria-labelledby="tab-topic" hidden={mode !== 'topic'}>
          {(mode === 'topic' || topic.value) && (
            <LazyPart part={topic} what="topic view">
              {(TopicView) => <TopicView narrow={narrow} announce={setLive} />}
            </LazyPart>
          )}
        </div>
        <div role="tabpanel" id="panel-diff" aria-labelledby="tab-diff" hidden={mode !== 'diff'}>
          {(mode === 'diff' || differ.value) && (
            <LazyPart part={differ} what="diff view">
              {(DiffView) => (
                <DiffView
                  state={diff}
                  set={(p) => setDiff((s) => ({ ...s, ...p }))}
                  linkNotes={linkNotes}
                  cols={narrow ? 8 : 16}
                  announce={setLive}
                />
              )}
            </LazyPart>
          )}
        </div>
        {!codec && !loadErr && <p class="muted">Loading the codec…</p>}
      </main>
      <footer class="muted small">
        <p>
          Input formats: hex wins over base64 when the text is valid hex (e.g. <code>abcd</code>); the detected format
          is shown and can be forced. Timestamps are epoch milliseconds, shown in UTC. Everything runs in this page;
          nothing is sent anywhere.
        </p>
      </footer>
      <div role="status" aria-live="polite" class="vh" id="live">
        {live}
      </div>
    </>
  );
}
