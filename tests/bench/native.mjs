// How a benchmark builds its native driver: g++ -O2 (the level of the wasm build's core), no
// exceptions, NDEBUG; the sources and include directories given, then `extra` flags (the last -O
// wins: -O3 for the whole-topic sources, as wasm/CMakeLists.txt compiles them).
import { execFileSync } from 'node:child_process';

export function buildDriver(exe, sources, includes, extra = []) {
  const flags = [
    '-O2',
    '-DNDEBUG',
    '-std=c++20',
    '-fno-exceptions',
    ...includes.flatMap((dir) => ['-I', dir]),
    ...extra,
  ];
  execFileSync('g++', [...flags, ...sources, '-o', exe], { stdio: 'inherit' });
}
