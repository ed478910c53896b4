// Types of wasm/text/literals.js (coordination-viewer/literals): bytes out as text, corrupt variants.
import type { Codec, Target, ErrorCode } from '../api/index.js';

export type LiteralFormat = 'hex' | 'base64' | 'java' | 'go' | 'rust' | 'rust-bytes' | 'python' | 'c' | 'js';

export declare const LITERALS: Record<
  LiteralFormat,
  { label: string; parseAs: string; format(bytes: Uint8Array): string }
>;
export declare const LITERAL_FORMATS: LiteralFormat[];

export declare function formatLiteral(bytes: Uint8Array, format: LiteralFormat): string;

export declare function formatJsonLine(line: {
  key: Uint8Array | null;
  value: Uint8Array | null;
  partition?: number | bigint;
  offset?: number | bigint;
  timestamp?: number | bigint;
}): string;

export declare function hexDump(bytes: Uint8Array): string;

export interface CorruptVariant {
  id: string;
  label: string;
  bytes: Uint8Array;
  /** The error the decoder gives for these bytes. */
  expect: { code: ErrorCode; offset: number; field: string };
}

export declare function corruptVariants(codec: Codec, bytes: Uint8Array, target: Target): CorruptVariant[];
