#!/usr/bin/env bash
# Installs the Debian packages Glass needs that are not installed yet (idempotent).
#   cmake, clang-14, clang-22           build Glass and its tests (tests use both compilers)
#   clang-19, clang-tools-19            host offload tests built by clang-19 (test/offload; coexists
#                                       with clang-22; libomp-19-dev would conflict and is not used)
#   llvm-22-tools                       lit and FileCheck
#   libhwloc-dev                        topology for affinity
#   libomp-22-dev, liboffload-22        LLVM's runtimes, the references tests and benchmarks compare against
#   gcc, valgrind                       libgomp reference builds and instruction counts in bench/
#   protobuf-compiler                   protoc: a second parser of glass-trace's Perfetto files (tests)
set -euo pipefail
pkgs=(cmake make gcc python3 clang-14 clang-19 clang-tools-19 clang-22 llvm-22-tools libhwloc-dev libomp-22-dev liboffload-22 valgrind strace binutils protobuf-compiler)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "glass: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
