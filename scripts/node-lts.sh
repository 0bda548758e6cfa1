#!/usr/bin/env bash
# Prints the bin folder of a supported Node LTS taken from the npm registry's `node` package (it ships the real
# binary for this platform), installed once into a cache folder: CI's second Node lane puts it first in PATH.
# Usage: PATH="$(scripts/node-lts.sh):$PATH" <command...>
# NODE_LTS picks the major version (default 22, the lowest the dependencies support: package.json "engines");
# NODE_LTS_CACHE the cache folder (default ~/.cache/mimamori-node). Installation messages go to stderr.
set -euo pipefail

major=${NODE_LTS:-22}
dir=${NODE_LTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mimamori-node}/$major
bin=$dir/node_modules/node/bin

if ! "$bin/node" --version 2>/dev/null | grep -q "^v$major\."; then
  rm -rf "$dir"
  mkdir -p "$dir"
  echo '{ "private": true }' >"$dir/package.json"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node@$major" >&2
  "$bin/node" --version | grep -q "^v$major\." || { echo "node@$major did not install a Node $major binary in $bin" >&2; exit 1; }
fi
echo "$bin"
