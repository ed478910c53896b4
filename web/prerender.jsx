// Build time: the viewer's shell (the page before the codec is loaded: header, inputs, "Loading the
// codec…") rendered by the App component itself into HTML, put into index.html by vite.config.js.
// The browser paints it before any script runs; main.jsx then renders the live viewer over it.
// Rendered with Preact into a minimal DOM (just what Preact's renderer calls), then serialized;
// effects never run here (no timers, no codec).
import { render, options } from 'preact';
import { App } from './src/app.jsx';

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const escText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s) => escText(s).replace(/"/g, '&quot;');

class Node {
  constructor(nodeType) {
    this.nodeType = nodeType;
    this.childNodes = [];
    this.parentNode = null;
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get nextSibling() {
    const s = this.parentNode?.childNodes;
    return s ? (s[s.indexOf(this) + 1] ?? null) : null;
  }
  insertBefore(node, ref) {
    node.parentNode?.removeChild(node);
    const i = ref ? this.childNodes.indexOf(ref) : -1;
    if (i < 0) this.childNodes.push(node);
    else this.childNodes.splice(i, 0, node);
    node.parentNode = this;
    return node;
  }
  appendChild(node) {
    return this.insertBefore(node, null);
  }
  removeChild(node) {
    this.childNodes.splice(this.childNodes.indexOf(node), 1);
    node.parentNode = null;
    return node;
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
}
class Text extends Node {
  constructor(data) {
    super(3);
    this.data = String(data);
  }
  toHTML() {
    return escText(this.data);
  }
}
class Element extends Node {
  constructor(name) {
    super(1);
    this.localName = this.nodeName = name;
    this.attributes = new Map();
    this.style = { setProperty() {} };
  }
  setAttribute(name, value) {
    this.attributes.set(name.toLowerCase(), String(value));
  }
  removeAttribute(name) {
    this.attributes.delete(name.toLowerCase());
  }
  getAttribute(name) {
    return this.attributes.get(name.toLowerCase()) ?? null;
  }
  addEventListener() {}
  removeEventListener() {}
  toHTML() {
    const attrs = [...this.attributes].filter(([k]) => !(this.localName === 'textarea' && k === 'value'));
    const open = `<${this.localName}${attrs.map(([k, v]) => (v === 'true' && k !== 'value' && !k.startsWith('aria-') && !k.startsWith('data-') ? ` ${k}` : ` ${k}="${escAttr(v)}"`)).join('')}>`;
    if (VOID.has(this.localName)) return open;
    const inner =
      this.localName === 'textarea'
        ? escText(this.attributes.get('value') ?? '')
        : this.childNodes.map((c) => c.toHTML()).join('');
    return `${open}${inner}</${this.localName}>`;
  }
}

/** The HTML of the viewer's shell. */
export function shellHTML() {
  const saved = { document: globalThis.document, window: globalThis.window };
  globalThis.document = {
    createElement: (name) => new Element(name),
    createElementNS: (_ns, name) => new Element(name),
    createTextNode: (data) => new Text(data),
    documentElement: new Element('html'),
  };
  globalThis.window = { matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }) };
  const raf = options.requestAnimationFrame;
  options.requestAnimationFrame = () => {}; // effects (timers, the codec) never run at build time
  try {
    const root = new Element('div');
    root.namespaceURI = 'http://www.w3.org/1999/xhtml';
    render(<App ready={null} shared={null} />, root);
    return root.childNodes.map((c) => c.toHTML()).join('');
  } finally {
    options.requestAnimationFrame = raf;
    Object.assign(globalThis, saved);
  }
}
