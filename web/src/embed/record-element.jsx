// <coordination-record>: one record (key and value) rendered by the viewer's own components
// (DecodedRecord: banners, field tree, hex dump) in an open shadow root with its own styles.
// Attributes: key (or record-key, the same, for frameworks that take `key` for themselves: Vue and
// React drop it from the element), value (hex or base64, read by the viewer's rules for them),
// value-null (the value is a null tombstone), target (registration | lease | auto; default: the
// key's kind), theme (light | dark | auto; default: the host page's color-scheme), viewer (the
// viewer's URL for "Open in the viewer"; no link without it).
import { render } from 'preact';
import { parseHexOrBase64 } from '../../../wasm/text/hex-base64.js';
import { hex } from '../lib/text.js';
import { inspectKey, inspectValue, valueTarget, shownCandidate, INPUT_LIMIT, TARGETS } from '../lib/decode.js';
import { plainFragment } from '../lib/plain-fragment.js';
import { DecodedRecord, stateOf } from '../components/DecodedRecord.jsx';
import { Guard } from '../components/Guard.jsx';
import theme from '../theme.css?inline';
import record from '../record.css?inline';
import own from './embed.css?inline';

const ATTRIBUTES = ['key', 'record-key', 'value', 'value-null', 'target', 'theme', 'viewer'];
const THEMES = new Set(['light', 'dark', 'auto']);
const VALUE_TARGETS = new Set(['auto', ...TARGETS]);

// The viewer's rules for hex and base64 (the element reads no other input format: the viewer's other
// parsers would be a fifth of its size), and its cap: an attribute over 64 KiB is refused like a paste.
function parse(text) {
  if (text === null) return null;
  if (text.length > INPUT_LIMIT) {
    return {
      ok: false,
      error: {
        message: `the text is ${text.length.toLocaleString('en')} characters; text over 64 KiB is refused (a key is at most 518 bytes, a value 285)`,
      },
    };
  }
  return parseHexOrBase64(text);
}

function Part({ id, title, text, parsed, ins, isNull }) {
  const state = parsed && !parsed.ok ? 'parse-error' : stateOf(ins, isNull);
  return (
    // No accessible name: not a landmark region, so many elements on a page stay distinct to axe and
    // to screen readers' landmark lists (the heading names the part).
    <section class="cr-part" data-part={id} data-state={state}>
      <h2 id={`${id}-h`}>
        {title}
        {id === 'value' && ins?.target && <span class="target"> as {ins.target}</span>}
      </h2>
      {parsed && !parsed.ok && (
        <div class="banner error" role="alert">
          <p>
            The {title.toLowerCase()} text is not valid input: <span class="perr">{parsed.error.message}</span>
          </p>
        </div>
      )}
      {text !== null && parsed?.ok && text.trim() === '' && !isNull && !ins && <p class="muted">No bytes.</p>}
      <Guard id={id} title={title} input={ins}>
        <DecodedRecord
          id={id}
          title={title}
          ins={ins}
          isNull={isNull}
          bytes={parsed?.ok ? parsed.bytes : null}
          cols={16}
        />
      </Guard>
    </section>
  );
}

/**
 * The viewer's URL from the viewer attribute, or null: an http(s) URL, or a relative one (resolved
 * against the page). Nothing else: the attribute becomes a link on the docs page, where a
 * javascript: or data: URL would run in the page's origin when clicked. The URL parser decides what
 * is absolute (it strips the tabs, newlines and leading controls that would hide a scheme).
 */
function viewerUrl(viewer) {
  let absolute = null;
  try {
    absolute = new URL(viewer);
  } catch {
    // Relative: resolved below.
  }
  if (absolute && absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return null;
  try {
    return new URL(viewer, document.baseURI);
  } catch {
    return null;
  }
}

function ViewerLink({ viewer, fragment }) {
  if (viewer === null) return null;
  const url = viewerUrl(viewer);
  if (!url) {
    return <p class="cr-foot muted">No link to the viewer: its URL is not an http(s) or relative URL.</p>;
  }
  url.hash = fragment;
  return (
    <p class="cr-foot">
      <a href={url.href} target="_blank" rel="noopener noreferrer">
        Open in the viewer
      </a>
    </p>
  );
}

function EmbedView({ attrs, codec, loadError }) {
  const keyText = attrs['record-key'] ?? attrs.key;
  const valueNull = attrs['value-null'] !== null;
  const valueText = valueNull ? null : attrs.value;
  const keyParsed = parse(keyText);
  const valParsed = parse(valueText);
  const keyIns = keyParsed?.ok ? inspectKey(codec, keyParsed.bytes, keyText) : null;
  const asked = VALUE_TARGETS.has(attrs.target) ? attrs.target : 'from-key';
  const { target } = valueTarget(asked, keyIns);
  const valBytes = valueNull ? null : valParsed?.ok ? valParsed.bytes : undefined;
  const valIns = valueNull || valueText !== null ? shownCandidate(inspectValue(codec, valBytes, target), null) : null;
  const theme = THEMES.has(attrs.theme) ? attrs.theme : 'page';
  const fragment = plainFragment({
    key: keyParsed?.ok ? hex(keyParsed.bytes, '') : keyText,
    value: valParsed?.ok ? hex(valParsed.bytes, '') : valueText,
    valueNull,
    target: asked === 'from-key' ? null : asked,
  });
  return (
    <div class={`cr theme-${theme}`} data-ready={codec ? 'true' : 'false'}>
      {loadError && (
        <p class="banner error" role="alert">
          The codec failed to load: {loadError}
        </p>
      )}
      {!codec && !loadError && <p class="muted">Loading the codec…</p>}
      {codec && keyText !== null && <Part id="key" title="Key" text={keyText} parsed={keyParsed} ins={keyIns} />}
      {codec && (valueNull || valueText !== null) && (
        <Part id="value" title="Value" text={valueText} parsed={valParsed} ins={valIns} isNull={valueNull} />
      )}
      <ViewerLink viewer={attrs.viewer} fragment={fragment} />
    </div>
  );
}

let sheet;
function styles() {
  // One constructed stylesheet for every element: adopted, not a <style> element, so a page's CSP
  // without 'unsafe-inline' for styles allows it.
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(theme + record + own);
  }
  return sheet;
}

/**
 * Defines <coordination-record> (once). loadCodec: () => Promise<codec>, called once for all the
 * elements of the page (one wasm instance).
 */
export function defineCoordinationRecord({ loadCodec }) {
  if (customElements.get('coordination-record')) return;
  // Marks for the host page and tests/bench/embed.mjs: the module ran; the first decoded render.
  performance.mark('coordination-record:defined');
  let rendered = false;
  let codec = null;
  let loadError = null;
  let pending = null;
  const waiting = new Set();

  class CoordinationRecord extends HTMLElement {
    static observedAttributes = ATTRIBUTES;
    connectedCallback() {
      if (!this.shadowRoot) {
        this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [styles()];
      }
      if (!codec && !loadError) {
        waiting.add(this);
        pending ??= loadCodec()
          .then(
            (c) => (codec = c),
            (e) => (loadError = String(e?.message ?? e)),
          )
          .then(() => {
            for (const el of waiting) el.update();
            waiting.clear();
          });
      }
      this.update();
    }
    disconnectedCallback() {
      waiting.delete(this);
    }
    attributeChangedCallback() {
      if (this.shadowRoot) this.update();
    }
    update() {
      const attrs = Object.fromEntries(ATTRIBUTES.map((a) => [a, this.getAttribute(a)]));
      render(<EmbedView attrs={attrs} codec={codec} loadError={loadError} />, this.shadowRoot);
      if (!codec && !loadError) return;
      if (!rendered) performance.mark('coordination-record:first-render');
      rendered = true;
      this.dispatchEvent(new Event('coordination-record:render'));
    }
  }
  customElements.define('coordination-record', CoordinationRecord);
}
