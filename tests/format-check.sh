#!/usr/bin/env bash
# The tree is formatted: C and C++ by clang-format (.clang-format), JavaScript and TypeScript by
# Prettier (.prettierrc.json, .prettierignore). `tests/format-check.sh --fix` formats in place.
# Generated files (wasm/generated/, tests/native/*_vectors.h) are left to their generators.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t cxx < <(git ls-files '*.cpp' '*.h' '*.c' | grep -v -E '^wasm/generated/|_vectors\.h$')
if [ "${1:-}" = --fix ]; then
  clang-format -i "${cxx[@]}"
  npx prettier --log-level warn --write '**/*.{js,mjs,cjs,jsx,ts}'
  exit 0
fi
clang-format --dry-run --Werror "${cxx[@]}"
npx prettier --log-level warn --check '**/*.{js,mjs,cjs,jsx,ts}'
echo "format: ${#cxx[@]} C/C++ files and the JavaScript/TypeScript files are formatted"
