#!/usr/bin/env bash
# README command 2 (and .ci/run): install what is missing, build Glass, and run every test with
# clang-14 and clang-22.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD:-$here/build}
"$here/scripts/deps.sh"
"$here/scripts/build.sh"
cmake --build "$build" --target check
