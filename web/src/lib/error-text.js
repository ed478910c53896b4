// One plain sentence per error code, shown under the code in the error banner: the core's own
// description of the code (wasm/generated/tables.js), as a sentence.
import { ERROR_CODES } from '../../../wasm/generated/tables.js';

export const PLAIN = Object.fromEntries(
  ERROR_CODES.map(({ name, description }) => [name, description[0].toUpperCase() + description.slice(1) + '.']),
);
