// Record lines of the whole-topic mode (README, "Whole-topic mode": JSON Lines and kcat text
// lines), split into the records a folder takes (createFolder().pushRecords). Shared by the CLI
// (wasm/cli/state.mjs) and the viewer's topic worker; plain JS, no Node APIs.
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function fromHex(text) {
  const out = new Uint8Array(text.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16);
  return out;
}

function fromBase64(text) {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// A key or value as text: hex when it is valid hex (even length, hex digits), else base64; null
// (JSON null, or NULL / empty in text lines) is null.
function bytesOf(text, what) {
  if (HEX.test(text)) return fromHex(text);
  if (BASE64.test(text)) return fromBase64(text);
  throw new Error(`${what} is neither hex nor base64`);
}

function intOf(v, what) {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw new Error(`${what} must be an integer (a number or a decimal string)`);
}

/** The line format of an input, from its first non-empty line: 'json' (starts with `{`) or 'text'. */
export function lineMode(firstLine) {
  return firstLine.trimStart().startsWith('{') ? 'json' : 'text';
}

/** {"key": HEX|BASE64|null, "value": HEX|BASE64|null, "partition"?, "offset"?, "timestamp"?}; throws the reason. */
export function jsonLine(text, line) {
  let o;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON: ${e.message}`);
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o))
    throw new Error('expected an object {"key", "value", ...}');
  if (!('key' in o) || !('value' in o)) throw new Error('expected the fields "key" and "value"');
  for (const f of ['key', 'value']) {
    if (o[f] !== null && typeof o[f] !== 'string') throw new Error(`"${f}" must be a hex or base64 string or null`);
  }
  const partition = o.partition === undefined ? 0 : Number(intOf(o.partition, '"partition"'));
  if (partition < 0 || partition > 0x7fffffff) throw new Error('"partition" must be 0..2^31-1');
  return {
    key: o.key === null ? null : bytesOf(o.key, '"key"'),
    value: o.value === null ? null : bytesOf(o.value, '"value"'),
    partition,
    offset: o.offset === undefined ? undefined : intOf(o.offset, '"offset"'),
    timestamp: o.timestamp === undefined ? undefined : intOf(o.timestamp, '"timestamp"'),
    line,
  };
}

/**
 * kcat -f '%p %o %k %s\n' with key and value hex-encoded: PARTITION OFFSET KEY [VALUE]; a missing,
 * empty or NULL value is a tombstone, a NULL key is null. Throws the reason.
 */
export function textLine(text, line) {
  const f = text.trim().split(/\s+/);
  if (f.length < 3 || f.length > 4)
    throw new Error(`expected "PARTITION OFFSET KEY VALUE" (3 or 4 fields), found ${f.length}`);
  if (!/^\d+$/.test(f[0])) throw new Error(`partition "${f[0]}" is not a number`);
  const nul = (s) => s === undefined || s === '' || s === 'NULL';
  const hex = (s, what) => {
    if (!HEX.test(s)) throw new Error(`${what} "${s.length > 20 ? `${s.slice(0, 20)}...` : s}" is not hex`);
    return fromHex(s);
  };
  return {
    partition: Number(f[0]),
    offset: intOf(f[1], 'offset'),
    key: nul(f[2]) ? null : hex(f[2], 'key'),
    value: nul(f[3]) ? null : hex(f[3], 'value'),
    line,
  };
}
