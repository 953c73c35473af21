#!/usr/bin/env bash
# Installs Debian's chromium for the web site's browser tests (test/web/browser.test.ts), which
# drive it with playwright-core (test/support/chromium.ts); playwright downloads no browser here.
set -Eeuo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo '?')"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-chromium.sh: /usr/bin/chromium is missing and installing it needs root (apt-get install chromium)" >&2
  exit 1
fi

policy=/usr/sbin/policy-rc.d
added_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\n# added by .ci/install-chromium.sh: do not start services during apt-get install\nexit 101\n' > "$policy"
  chmod 755 "$policy"
  added_policy=1
fi
remove_added_policy() { if [ "$added_policy" = 1 ]; then rm -f "$policy"; fi; }
trap remove_added_policy EXIT

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null

echo "installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
