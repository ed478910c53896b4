#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine (git, Node 20, npm) lacks for this project, Debian
# packages then npm packages, and nothing that is already there.
# Usage: install-deps.sh test|viewer [debian|npm]
#   viewer: what `npm start` needs (Emscripten to build the wasm, then Vite).
#   test:   everything `npm test` runs (native toolchain, sanitizers, fuzzer, Chromium).
#   debian, npm: only the Debian packages, or only the npm packages (tests/run-all.sh installs the
#   npm packages beside the native build, which needs only the Debian ones).
set -euo pipefail
mode=${1:-test}
part=${2:-all}
usage() {
  echo "usage: install-deps.sh test|viewer [debian|npm]" >&2
  exit 2
}
case "$mode" in test | viewer) ;; *) usage ;; esac
case "$part" in all | debian | npm) ;; *) usage ;; esac

packages=(emscripten cmake make)
if [ "$mode" = test ]; then
  # python3: golden/generate.py --check; nlohmann-json3-dev: the native golden loader;
  # librdkafka-dev: its mock cluster is the live broker of the whole-topic tests (tests/cluster);
  # kcat: the README's kcat pipeline runs against it (tests/node/cli-cluster.test.mjs).
  # lld: the sanitizer build's linker (tests/fuzz/run.sh).
  packages+=(g++ clang libclang-rt-14-dev lld libgtest-dev libbenchmark-dev nlohmann-json3-dev
             python3 chromium fonts-dejavu-core librdkafka-dev kcat
             # xxd, bsdextrautils (hexdump): real dumps pasted into the viewer (tests/browser/builder).
             xxd bsdextrautils
             # jq: the README's CI recipe runs as written (tests/consumers/run.mjs).
             jq
             # zstd, lz4, python3-snappy: the independent writers of the zstd, lz4 and snappy
             # payloads (tests/native/zstd_test.cpp, tests/native/gen_codec_vectors.py, the segments
             # of tests/node/log-writer.mjs).
             zstd lz4 python3-snappy
             # mkdocs (1.4.2): the README's MkDocs recipe for the element is built with it
             # (tests/browser/docs-sites.test.mjs).
             mkdocs
             # A JDK: the oracle of Java's new String(bytes, UTF_8) and readUTF
             # (tests/node/java-oracle.test.mjs).
             openjdk-17-jdk-headless)
fi

missing=()
[ "$part" != npm ] || packages=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # The JDK's postinst links its man pages into man1, which slim images leave out.
  $sudo mkdir -p /usr/share/man/man1
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# npm packages: `npm ci` when node_modules is missing or older than the lock file.
[ "$part" != debian ] || exit 0
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
