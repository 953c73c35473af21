#!/usr/bin/env bash
# Installs Dovecot's IMAP server for the IMAP intake tests (test/mail/imap-intake.test.ts), which
# start their own throwaway instances on loopback ports (test/support/dovecot.ts). The packaged
# system service is neither started nor needed: policy-rc.d keeps apt from starting it.
set -Eeuo pipefail

if [ -x /usr/sbin/dovecot ]; then
  echo "dovecot already installed: $(/usr/sbin/dovecot --version)"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-dovecot.sh: /usr/sbin/dovecot is missing and installing it needs root (apt-get install dovecot-imapd)" >&2
  exit 1
fi

policy=/usr/sbin/policy-rc.d
added_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\n# added by .ci/install-dovecot.sh: do not start services during apt-get install\nexit 101\n' > "$policy"
  chmod 755 "$policy"
  added_policy=1
fi
remove_added_policy() { if [ "$added_policy" = 1 ]; then rm -f "$policy"; fi; }
trap remove_added_policy EXIT

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends dovecot-imapd >/dev/null

echo "installed $(/usr/sbin/dovecot --version)"
