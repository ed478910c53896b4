// The viewer: paste or upload key and value bytes, see every field, every byte and the exact error.
// It decodes nothing itself; it renders what the codec's inspect() returns.
import { render, Component } from 'preact';
import { useState, useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { parseInput, FORMATS, FORMAT_LABELS } from '../../wasm/input-formats.js';
import { getCodec } from './codec.js';
import { RecordView } from './record.jsx';
import { hex, VisibleString } from './text.jsx';

performance.mark('app-start');
const codecPromise = getCodec();

const PLAIN = {
  TRUNCATED: 'The bytes end before this field is complete.',
  TRAILING_BYTES: 'Extra bytes follow the last field of the record.',
  UNSUPPORTED_VERSION: 'The version is not 0, the only version of the frozen layout.',
  UNKNOWN_KIND: 'The key kind is neither 0 (registration) nor 1 (lease).',
  NEGATIVE_LENGTH: 'A string length prefix is negative; the format has no null string.',
  INVALID_UTF8: 'The string bytes are not well-formed UTF-8.',
  LEASE_KEY_HAS_MEMBER: 'A lease key must carry an empty member string.',
  ROLE_OUT_OF_BOUNDS: 'The role must be 1 to 255 bytes long.',
  MEMBER_OUT_OF_BOUNDS: 'The member must be 1 to 255 bytes long.',
  NEGATIVE_PRODUCER_ID: 'The producer id must not be negative.',
  NEGATIVE_PRODUCER_EPOCH: 'The producer epoch must not be negative.',
};

const TARGETS = ['key', 'registration', 'lease'];

// The codec reports bad bytes as values; anything it throws is a bug (or a wasm trap). It must not
// blank the page: it becomes a failure the card shows, and the inputs stay usable.
function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    return { failure: String(e?.message ?? e) };
  }
}

// A card shows such a failure, or a bug in its own rendering, in its place; the rest of the page
// stays. New input gives the card another try.
class Guard extends Component {
  componentDidCatch(error) {
    this.setState({ error: String(error?.message ?? error) });
  }
  componentDidUpdate(prev) {
    if (this.state.error && prev.input !== this.props.input) this.setState({ error: null });
  }
  render({ id, title, input, children }, { error }) {
    const message = error ?? input?.failure;
    return message ? <Failure id={id} title={title} message={message} /> : children;
  }
}

function Failure({ id, title, message }) {
  return (
    <section id={id} class="panel result st-error" aria-labelledby={`${id}-h`} data-state="failure">
      <h2 id={`${id}-h`}>{title}</h2>
      <p class="banner error" role="alert">
        The viewer failed on these bytes ({message}). This is a bug: please report it with the bytes (copy them from the
        input above).
      </p>
    </section>
  );
}

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

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.className = 'vh';
    document.body.append(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

function InputPanel({ id, title, state, set, parsed, nullable, children }) {
  const taRef = useRef();
  const fileRef = useRef();
  const [drag, setDrag] = useState(false);
  const [fileNote, setFileNote] = useState('');

  async function takeFile(file) {
    if (!file) return;
    if (file.size > 1 << 16) {
      setFileNote(`${file.name} is ${file.size} bytes; a record is small, the limit here is 64 KiB.`);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    set({ text: hex(bytes), format: 'auto', isNull: false });
    setFileNote(`Loaded ${file.name} (${bytes.length} bytes) as raw bytes.`);
  }

  const statusId = `${id}-status`;
  const err = !state.isNull && !parsed.ok ? parsed.error : null;
  return (
    <section
      class={`panel input${drag ? ' drag' : ''}`}
      aria-labelledby={`${id}-h`}
      onDragOver={(e) => {
        e.preventDefault();
        setDrag(true);
      }}
      onDragLeave={() => setDrag(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDrag(false);
        takeFile(e.dataTransfer?.files?.[0]);
      }}
    >
      <h2 id={`${id}-h`}>{title}</h2>
      {nullable && (
        <div class="seg" role="radiogroup" aria-label={`${title}: bytes or no value`}>
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={!state.isNull}
              onChange={() => set({ isNull: false })}
            />{' '}
            Bytes
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={state.isNull} onChange={() => set({ isNull: true })} /> No
            value (null tombstone)
          </label>
        </div>
      )}
      <label for={`${id}-text`} class="lbl">
        {title} bytes <span class="muted">(hex, base64, Java byte[] or array literal; or drop a file)</span>
      </label>
      <textarea
        id={`${id}-text`}
        ref={taRef}
        rows={4}
        spellcheck={false}
        autocomplete="off"
        disabled={state.isNull}
        value={state.isNull ? '' : state.text}
        placeholder={state.isNull ? 'No value: the record is a null tombstone' : 'e.g. 00 00 00 01 00 04 72 6f 6c 65 00 00'}
        aria-invalid={err ? 'true' : 'false'}
        aria-describedby={statusId}
        onInput={(e) => set({ text: e.currentTarget.value })}
      />
      <div class="controls">
        <label for={`${id}-fmt`}>Format</label>
        <select id={`${id}-fmt`} value={state.format} disabled={state.isNull} onChange={(e) => set({ format: e.currentTarget.value })}>
          <option value="auto">Auto-detect</option>
          {FORMATS.map((f) => (
            <option value={f}>{FORMAT_LABELS[f]}</option>
          ))}
        </select>
        <button type="button" disabled={state.isNull} onClick={() => fileRef.current.click()}>
          Upload file…
        </button>
        <input
          ref={fileRef}
          id={`${id}-file`}
          class="vh"
          type="file"
          tabIndex={-1}
          aria-label={`${title} bytes file`}
          onChange={(e) => {
            takeFile(e.currentTarget.files[0]);
            e.currentTarget.value = '';
          }}
        />
        {children}
      </div>
      <p id={statusId} class={`fmt-status${err ? ' bad' : ''}`} data-format={state.isNull ? 'null' : parsed.ok ? parsed.format : 'error'}>
        {state.isNull ? (
          'No value: decoded as a null tombstone.'
        ) : parsed.ok ? (
          <>
            {state.format === 'auto' ? 'Detected: ' : 'Format: '}
            <strong>{parsed.format === 'empty' ? 'empty (0 bytes)' : FORMAT_LABELS[parsed.format]}</strong>
            {parsed.format !== 'empty' && `, ${parsed.bytes.length} bytes`}
            {parsed.alsoValid.length > 0 &&
              ` (also valid as ${parsed.alsoValid.map((f) => FORMAT_LABELS[f]).join(', ')}: choose it under Format to read it so)`}
          </>
        ) : (
          <>
            <span class="perr">{err.message}</span>{' '}
            <button
              type="button"
              class="link"
              onClick={() => {
                taRef.current.focus();
                taRef.current.setSelectionRange(err.index, Math.min(err.index + 1, state.text.length));
              }}
            >
              Show position
            </button>
          </>
        )}
      </p>
      {fileNote && (
        <p id={`${id}-note`} class="muted small">
          {fileNote}
        </p>
      )}
    </section>
  );
}

function summary(rec) {
  if (!rec) return null;
  if ('role' in rec) {
    return (
      <>
        {rec.kind} key · role <VisibleString value={rec.role} />
        {rec.kind === 'registration' && (
          <>
            {' '}
            · member <VisibleString value={rec.member} />
          </>
        )}
      </>
    );
  }
  return (
    <>
      {rec.kind} value · member <VisibleString value={rec.member} />
    </>
  );
}

function ResultCard({ id, title, result, bytes, isNull, api, cols, note, announce }) {
  const auto = result && result.target === 'auto';
  const [pick, setPick] = useState(null);
  let ins = result;
  if (auto) {
    const best =
      result.candidates.find((c) => c.ok) ??
      [...result.candidates].sort((a, b) => (b.error?.offset ?? 0) - (a.error?.offset ?? 0))[0];
    ins = result.candidates.find((c) => c.target === pick) ?? best;
  }
  let state = 'none';
  if (ins) state = ins.tombstone ? (isNull ? 'null' : 'empty') : ins.ok ? 'ok' : 'error';

  async function copy(kind) {
    let text;
    if (kind === 'hex') text = bytes ? hex(bytes, '') : '';
    else if (ins.tombstone) text = 'null';
    else if (ins.ok) text = api.toJSON(ins.record, 2);
    else text = api.toJSON({ error: ins.error }, 2);
    const ok = await copyText(text);
    announce(ok ? `Copied ${title.toLowerCase()} as ${kind === 'hex' ? 'hex' : 'JSON'}.` : 'Copy failed: the browser refused the clipboard.');
  }

  return (
    <section id={id} class={`panel result st-${state}`} aria-labelledby={`${id}-h`} data-state={state}>
      <div class="result-head">
        <h2 id={`${id}-h`}>
          {title}
          {ins && !auto && <span class="target"> as {ins.target}</span>}
        </h2>
        {ins && (
          <div class="actions">
            <button type="button" onClick={() => copy('json')}>
              Copy JSON
            </button>
            <button type="button" onClick={() => copy('hex')} disabled={!bytes}>
              Copy hex
            </button>
          </div>
        )}
      </div>
      {note && <p class="note">{note}</p>}
      {auto && (
        <div class="auto">
          <p>
            Auto target:{' '}
            {result.matches.length ? (
              <>
                parses as <strong class="matches">{result.matches.join(', ')}</strong>
              </>
            ) : (
              <strong>parses as no target</strong>
            )}
            . Showing:
          </p>
          <div class="tabs" role="group" aria-label={`${title}: candidate target`}>
            {result.candidates.map((c) => (
              <button type="button" aria-pressed={c === ins ? 'true' : 'false'} class={c.ok ? 'good' : 'bad'} onClick={() => setPick(c.target)}>
                {c.target} {c.ok ? '✓' : '✗'}
              </button>
            ))}
          </div>
        </div>
      )}
      {!ins && <p class="muted">{note ? '' : 'Nothing to decode yet.'}</p>}
      {state === 'null' && (
        <div class="banner tomb" data-kind="null" elementtiming="first-decode">
          <strong>No value — null tombstone.</strong> The record has an absent value: compaction deletes the{' '}
          {ins.target === 'lease' ? 'lease of this role' : ins.target === 'registration' ? 'registration of this member' : 'record with this key'}.
        </div>
      )}
      {state === 'empty' && (
        <div class="banner empty" data-kind="empty" elementtiming="first-decode">
          <strong>Empty value — 0 bytes.</strong> A zero-length value is not a record: it is treated as a tombstone, like a
          null value.
        </div>
      )}
      {state === 'ok' && (
        <div class="banner ok" elementtiming="first-decode">
          <strong>Valid.</strong> {summary(ins.record)}
        </div>
      )}
      {state === 'error' && (
        <div class="banner error" role="alert" elementtiming="first-decode">
          <p>
            <strong class="code">{ins.error.code}</strong> in <code class="field">{ins.error.field}</code> at byte offset{' '}
            <strong class="offset">{ins.error.offset}</strong>. {PLAIN[ins.error.code]}
          </p>
          <p class="msg">{ins.error.message}</p>
        </div>
      )}
      {ins && ins.warnings.length > 0 && (
        <ul class="warnings" aria-label={`${title} warnings`}>
          {ins.warnings.map((w) => (
            <li class="warning" data-code={w.code}>
              <strong>{w.code}</strong> <code>{w.field}</code> @{w.offset}: {w.message}
            </li>
          ))}
        </ul>
      )}
      {ins && !ins.tombstone && <RecordView key={`${id}-${ins.target}`} ins={ins} bytes={bytes} id={id} cols={cols} />}
    </section>
  );
}

function App({ ready }) {
  const [loaded, setLoaded] = useState(ready);
  const sample = useMemo(() => (ready ? sampleHex(ready.codec, 'lease') : null), []);
  const [loadErr, setLoadErr] = useState(null);
  const [key, setKeyState] = useState({ text: sample?.key ?? '', format: 'auto', isNull: false });
  const [val, setValState] = useState({ text: sample?.value ?? '', format: 'auto', isNull: false });
  const [target, setTarget] = useState('from-key');
  // Ticks every second: the re-render keeps relative times ("expires in 12 s") current.
  const [, setNow] = useState(0);
  const [live, setLive] = useState('');
  const narrow = useNarrow();
  const setKey = (p) => setKeyState((s) => ({ ...s, ...p }));
  const setVal = (p) => setValState((s) => ({ ...s, ...p }));

  useEffect(() => {
    // Started with the codec (the usual case): the state already holds it and the sample, and a
    // state update here would render the whole view a second time right after the first paint.
    if (!ready)
      codecPromise.then(
      (c) => {
        setLoaded(c);
        setKeyState((s) => (s.text ? s : { ...s, text: sampleHex(c.codec, 'lease').key }));
        setValState((s) => (s.text || s.isNull ? s : { ...s, text: sampleHex(c.codec, 'lease').value }));
      },
      (e) => setLoadErr(String(e?.message ?? e)),
    );
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const codec = loaded?.codec;
  const api = loaded?.api;
  const keyParsed = useMemo(() => parseInput(key.text, key.format), [key.text, key.format]);
  const valParsed = useMemo(() => parseInput(val.text, val.format), [val.text, val.format]);
  const keyBytes = keyParsed.ok ? keyParsed.bytes : null;
  const valBytes = val.isNull ? null : valParsed.ok ? valParsed.bytes : undefined;

  const keyIns = useMemo(() => (codec && keyBytes && key.text.trim() !== '' ? attempt(() => codec.inspect(keyBytes, 'key')) : null), [codec, keyBytes, key.text]);
  let valTarget = target;
  let valNote = null;
  if (target === 'from-key') {
    if (keyIns?.ok) {
      valTarget = keyIns.record.kind;
      valNote = `Decoded under the key's kind: ${valTarget}.`;
    } else {
      valTarget = 'auto';
      valNote = "The key does not decode, so the value's kind is unknown: every target is tried (auto).";
    }
  }
  const valIns = useMemo(() => (codec && valBytes !== undefined ? attempt(() => codec.inspect(valBytes, valTarget)) : null), [codec, valBytes, valTarget]);

  // 'decode-dom': the DOM of the first decoded view is committed (a layout effect runs right after the
  // commit, before any paint). When it is painted is reported by the browser: the decoded banners
  // carry elementtiming="first-decode" (web/measure.mjs reads both).
  useLayoutEffect(() => {
    if ((keyIns || valIns) && !document.documentElement.dataset.decoded) {
      performance.mark('decode-dom');
      document.documentElement.dataset.decoded = 'true';
    }
  }, [keyIns, valIns]);

  function loadSample(kind) {
    const s = sampleHex(codec, kind);
    setKeyState({ text: s.key, format: 'auto', isNull: false });
    setValState({ text: s.value, format: 'auto', isNull: false });
    setTarget('from-key');
    setLive(`Loaded the ${kind} sample.`);
  }

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
      </header>
      <main>
        {loadErr && (
          <p class="banner error" role="alert">
            The codec failed to load: {loadErr}
          </p>
        )}
        <div class="inputs">
          <InputPanel id="key" title="Key" state={key} set={setKey} parsed={keyParsed} />
          <InputPanel id="value" title="Value" state={val} set={setVal} parsed={valParsed} nullable>
            <label for="value-target">Decode as</label>
            <select id="value-target" value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
              <option value="from-key">the key's kind</option>
              <option value="auto">auto (try every target)</option>
              {TARGETS.map((t) => (
                <option value={t}>{t}</option>
              ))}
            </select>
          </InputPanel>
        </div>
        {!codec && !loadErr && <p class="muted">Loading the codec…</p>}
        {codec && (
          <div class="results">
            <Guard id="key-out" title="Decoded key" input={keyIns}>
              <ResultCard
                id="key-out"
                title="Decoded key"
                result={keyIns}
                bytes={keyBytes}
                api={api}
                cols={narrow ? 8 : 16}
                note={!keyIns ? (key.text.trim() === '' ? 'No key entered.' : 'Fix the key text above to decode it.') : null}
                announce={setLive}
              />
            </Guard>
            <Guard id="value-out" title="Decoded value" input={valIns}>
              <ResultCard
                id="value-out"
                title="Decoded value"
                result={valIns}
                bytes={valBytes ?? null}
                isNull={val.isNull}
                api={api}
                cols={narrow ? 8 : 16}
                note={valBytes === undefined ? 'Fix the value text above to decode it.' : valNote}
                announce={setLive}
              />
            </Guard>
          </div>
        )}
      </main>
      <footer class="muted small">
        <p>
          Input formats: hex wins over base64 when the text is valid hex (e.g. <code>abcd</code>); the detected format is shown and
          can be forced. Timestamps are epoch milliseconds, shown in UTC. Everything runs in this page; nothing is sent anywhere.
        </p>
      </footer>
      <div role="status" aria-live="polite" class="vh" id="live">
        {live}
      </div>
    </>
  );
}

function sampleHex(codec, kind) {
  const now = BigInt(Date.now());
  const role = 'payments-coordinator';
  const member = 'worker-7f3a@host-12';
  if (kind === 'registration') {
    return {
      key: hex(codec.encodeKey({ kind: 'registration', role, member })),
      value: hex(codec.encodeValue({ kind: 'registration', member, registeredAt: now - 300000n })),
    };
  }
  return {
    key: hex(codec.encodeKey({ kind: 'lease', role })),
    value: hex(
      codec.encodeValue({
        kind: 'lease',
        member,
        producerId: 9007199254740993n,
        producerEpoch: 7,
        grantedAt: now - 18000n,
        deadline: now + 12000n,
      }),
    ),
  };
}

// One first render with the codec when it is ready soon (one layout instead of a shell and then
// the decoded view); the shell alone if it is slow, so the page is never blank for long.
let started = false;
function start(ready) {
  if (started) return;
  started = true;
  render(<App ready={ready ?? null} />, document.getElementById('app'));
}
codecPromise.then(start, () => start(null));
setTimeout(() => start(null), 400);
