import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's chromium, driven by playwright-core (which downloads no browser of its own), for the
// web site's browser tests. .ci/install-chromium.sh installs it. Playwright gives every launch a
// new, empty profile folder of its own (it refuses --user-data-dir on launch()).

export const CHROMIUM_BINARY = '/usr/bin/chromium';

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM_BINARY);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_BINARY,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 60_000,
  });
}
