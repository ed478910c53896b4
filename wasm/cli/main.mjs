#!/usr/bin/env node
// coordination-viewer: the package's command line (`npx coordination-viewer ...`).
//
// Subcommands live in one table, COMMANDS below: name -> a loader of its module. Adding one is
// one line (e.g. `state: () => import('./state.mjs'),`). A subcommand module exports:
//   summary: string (optional)            one line for `coordination-viewer --help`
//   run(argv: string[], io): Promise<number>
//     argv: the arguments after the subcommand's name; `--help` among them prints its usage.
//     io: { stdin: Readable, stdout: Writable, stderr: Writable, env: object, cwd: string,
//           color: boolean (stdout is a terminal and NO_COLOR is unset or empty),
//           readStdin(limit): Promise<Uint8Array> (stdin, read once: all of it, or its first
//             limit + 1 bytes when it holds more; the caller refuses that) }
//     resolves to the exit code: 0 success, 1 bad data (for decode: bytes that do not decode;
//     the JSON document still goes to stdout and the message to stderr), 2 usage error.
//   main(argv, io) is exported so tests can run many commands in one process; the bin runs it once.
//   A usage error may also be thrown as a UsageError (wasm/cli/args.mjs): main prints its message
//   and the subcommand's usage hint on stderr and exits 2. Anything else thrown is a bug: exit 70.
import { readFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args.mjs';

const COMMANDS = {
  decode: () => import('./decode.mjs'),
  encode: () => import('./encode.mjs'),
  inspect: () => import('./inspect.mjs'),
  state: () => import('./state.mjs'),
  transactions: () => import('./transactions.mjs'),
  groups: () => import('./groups.mjs'),
  'share-state': () => import('./share-state.mjs'),
  'cluster-metadata': () => import('./cluster-metadata.mjs'),
};

/** Colours only on a terminal, and never when NO_COLOR is set to a non-empty value (no-color.org). */
export function wantsColor(stream, env) {
  return Boolean(stream.isTTY) && !env.NO_COLOR;
}

// A reader of stdout that stopped early (`| head`) wants no more: the program ends quietly, as one
// that gets SIGPIPE does (exit 128 + 13), not with an unhandled 'error' event.
const EXIT_PIPE_CLOSED = 141;
const pipeClosed = (e) => e?.code === 'EPIPE' && e.syscall === 'write';

function makeIo() {
  let stdinBytes;
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    color: wantsColor(process.stdout, process.env),
    readStdin(limit) {
      stdinBytes ??= (async () => {
        const chunks = [];
        let length = 0;
        for await (const c of process.stdin) {
          chunks.push(c);
          length += c.length;
          if (length > limit) break; // stops reading (< /dev/zero, a large file)
        }
        return new Uint8Array(Buffer.concat(chunks).subarray(0, limit + 1));
      })();
      return stdinBytes;
    },
  };
}

async function help(io) {
  const lines = ['Usage: coordination-viewer <command> [options]', '', 'Commands:'];
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length)) + 2;
  for (const [name, load] of Object.entries(COMMANDS))
    lines.push(`  ${name.padEnd(width)}${(await load()).summary ?? ''}`);
  lines.push(
    '',
    'Run `coordination-viewer <command> --help` for its options.',
    'Exit codes: 0 success, 1 bad data, 2 usage error; 141 when the reader of stdout stopped early (| head).',
  );
  io.stdout.write(lines.join('\n') + '\n');
}

export async function main(argv, io = makeIo()) {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write('coordination-viewer: a command is required (coordination-viewer --help)\n');
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    await help(io);
    return 0;
  }
  if (name === '--version') {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    io.stdout.write(pkg.version + '\n');
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    io.stderr.write(
      `coordination-viewer: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; --help)\n`,
    );
    return 2;
  }
  try {
    return await (await COMMANDS[name]()).run(rest, io);
  } catch (e) {
    if (pipeClosed(e)) return EXIT_PIPE_CLOSED;
    if (e instanceof UsageError) {
      io.stderr.write(
        `coordination-viewer ${name}: ${e.message}\n(coordination-viewer ${name} --help for the options)\n`,
      );
      return 2;
    }
    io.stderr.write(`coordination-viewer ${name}: internal error: ${e?.stack ?? e}\n`);
    return 70;
  }
}

// Run when this file is the program (also through npm's bin symlink), not when a test imports main.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.on('error', (e) => {
    if (pipeClosed(e)) process.exit(EXIT_PIPE_CLOSED);
    throw e;
  });
  process.exitCode = await main(process.argv.slice(2));
}
