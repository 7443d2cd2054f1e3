#!/usr/bin/env bash
# Configures and builds Glass into ${GLASS_BUILD:-build}.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD:-$here/build}
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$build" -j "$(nproc)"
