// Types of wasm/text/input-formats.js (coordination-viewer/input-formats): text in, bytes out.
import type { Codec } from '../api/index.js';

export type InputFormat = 'hex' | 'base64' | 'java' | 'array' | 'bstring' | 'kafka' | 'dump' | 'json';

/** The most text (characters) or bytes taken as one input: 65,536 (64 KiB). */
export declare const INPUT_LIMIT: number;

export declare const FORMATS: InputFormat[];
export declare const FORMAT_LABELS: Record<InputFormat, string>;

export interface ParseOptions {
  /** Which part of a JSON Lines line or a decode document to take (default 'key'). */
  part?: 'key' | 'value';
  /** Re-encodes a pasted record (the viewer's "Copy JSON"); i64 fields arrive as bigint. */
  encodeRecord?: (record: object, part: 'key' | 'value') => Uint8Array;
  /** Whether bytes are likely what the user meant: another reading is named only when true. */
  plausible?: (bytes: Uint8Array) => boolean;
}

export interface ParseError {
  format: string;
  /** 0-based index in the text where parsing stops. */
  index: number;
  line: number;
  col: number;
  message: string;
  /** A record given as JSON that does not encode: the codec's error. */
  recordError?: { code: string; field: string; offset: number };
}

export type ParseResult =
  | {
      ok: true;
      /** The format read, or 'empty' for text of only whitespace. */
      format: InputFormat | 'empty';
      bytes: Uint8Array;
      /** Other formats that read the text as other bytes (base64 only when plausible). */
      alsoValid: InputFormat[];
      /** The language or tool the literal came from, e.g. 'Go []byte', 'Java Arrays.toString'. */
      detail?: string;
      /** The text is JSON null (or the selected part of a pair is null): no value; bytes is empty. */
      isNull?: true;
      /** Both parts of a JSON Lines line or a decode document. */
      pair?: { key: Uint8Array | null; value: Uint8Array | null };
    }
  | { ok: false; format: string; error: ParseError };

export declare function parseInput(text: string, format?: InputFormat | 'auto', options?: ParseOptions): ParseResult;

/** Options from a codec: re-encodes records; plausible = decodes as a record of `part` (any part when omitted). */
export declare function parseOptionsFor(
  codec: Codec,
  part?: 'key' | 'value',
): Required<Pick<ParseOptions, 'encodeRecord' | 'plausible'>> & { part?: 'key' | 'value' };

export declare function lineCol(text: string, index: number): { line: number; col: number };

export interface UploadReading {
  /** The reading used. */
  reading: 'raw' | 'text';
  /** The bytes of the reading used. */
  bytes: Uint8Array;
  /** The file's own bytes (the raw reading). */
  raw: Uint8Array;
  /** The file as text, when it is UTF-8 text. */
  text: string | null;
  /** parseInput's result for the text, when the file is text. */
  parsed: ParseResult | null;
  /** Why this reading, for the viewer's note. */
  reason: string;
}

export declare function detectUpload(bytes: Uint8Array, options?: ParseOptions): UploadReading;

export interface ErrorHint {
  /** several-records: the bytes are whole records one after another (kcat -f '%k' over partitions). */
  cause: 'newline' | 'crlf' | 'several-records';
  message: string;
  /** The bytes without the cause (for several records: the first). */
  fixed: Uint8Array;
}

/** With the codec, bytes that are several whole records of the error's target are named too. */
export declare function errorHint(
  bytes: Uint8Array | null,
  error: { code: string; offset: number; field?: string } | null,
  codec?: Codec,
): ErrorHint | null;
