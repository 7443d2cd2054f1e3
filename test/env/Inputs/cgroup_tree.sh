#!/bin/sh
# Builds a fake root for GLASS_CGROUP_ROOT (cgroup_quota.c): cgroup_tree.sh DIR CGROUP-LINE
# [FILE CONTENT]... writes DIR/proc/self/cgroup (the line, \n escapes allowed) and each
# DIR/sys/fs/cgroup/FILE with CONTENT.
set -e
dir=$1
rm -rf "$dir"
mkdir -p "$dir/proc/self"
printf "$2\n" >"$dir/proc/self/cgroup"
shift 2
while [ $# -ge 2 ]; do
  mkdir -p "$(dirname "$dir/sys/fs/cgroup/$1")"
  printf '%s\n' "$2" >"$dir/sys/fs/cgroup/$1"
  shift 2
done
