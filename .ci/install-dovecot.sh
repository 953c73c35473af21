#!/usr/bin/env bash
# Dovecot's IMAP server for the IMAP intake tests (test/mail/imap-intake.test.ts), which start their
# own throwaway instances on loopback ports (test/support/dovecot.ts).
set -Eeuo pipefail
exec bash "$(dirname "$0")/apt-install.sh" /usr/sbin/dovecot dovecot-imapd
