// How a benchmark builds its native driver: g++ -O2 (the level of the wasm build's core), no
// exceptions, NDEBUG; the sources and include directories given.
import { execFileSync } from 'node:child_process';

export function buildDriver(exe, sources, includes) {
  const flags = ['-O2', '-DNDEBUG', '-std=c++20', '-fno-exceptions', ...includes.flatMap((dir) => ['-I', dir])];
  execFileSync('g++', [...flags, ...sources, '-o', exe], { stdio: 'inherit' });
}
