#!/usr/bin/env bash
# Debian's chromium for the web site's browser tests (test/web/browser.test.ts), which drive it with
# playwright-core (test/support/chromium.ts); playwright downloads no browser here.
set -Eeuo pipefail
exec bash "$(dirname "$0")/apt-install.sh" /usr/bin/chromium chromium
