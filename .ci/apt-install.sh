#!/usr/bin/env bash
# Installs a Debian package that some tests drive as a real program, unless its binary is already
# there: .ci/apt-install.sh BINARY PACKAGE. The package's system service, if it has one, is neither
# started nor needed (policy-rc.d keeps apt from starting it): the tests start their own instances.
set -Eeuo pipefail

binary=$1
package=$2

if [ -x "$binary" ]; then
  echo "$package already installed: $("$binary" --version 2>/dev/null || echo "$binary")"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "apt-install.sh: $binary is missing and installing it needs root (apt-get install $package)" >&2
  exit 1
fi

policy=/usr/sbin/policy-rc.d
added_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\n# added by .ci/apt-install.sh: do not start services during apt-get install\nexit 101\n' > "$policy"
  chmod 755 "$policy"
  added_policy=1
fi
remove_added_policy() { if [ "$added_policy" = 1 ]; then rm -f "$policy"; fi; }
trap remove_added_policy EXIT

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$package" >/dev/null

echo "installed $("$binary" --version 2>/dev/null || echo "$package")"
