import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { DIPJUDGE_VERSION } from '../../src/config/version.ts';
import { serve, type RunningJudge } from '../../src/daemon/serve.ts';
import { eml } from '../judge/mail-builder.ts';
import { chromiumInstalled, launchChromium } from '../support/chromium.ts';
import { seedPgliteDataDir } from '../support/databases.ts';
import type { ScratchDatabase } from '../support/scratch-postgres.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';

// The web site of a running `serve` (DIPJUDGE_HTTP_PORT) in a real headless Chromium, on PGlite and
// on PostgreSQL: a game is made by mail through the spool, then read as a visitor would, with and
// without JavaScript. One browser and one judge per database for the whole file. A screenshot of
// the game page is written to $TMPDIR/dipjudge-web-game.png for a person to look at.
// Without chromium installed these tests skip locally but fail under CI (.ci/install-chromium.sh).

const inCi = process.env.CI !== undefined && !/^(|0|false)$/i.test(process.env.CI);
const skip = !chromiumInstalled() && !inCi;
if (skip) console.warn('browser tests skipped: /usr/bin/chromium is not installed (run .ci/install-chromium.sh)');

const SCREENSHOT = path.join(os.tmpdir(), 'dipjudge-web-game.png');
/** Screenshots of the pages at phone and desktop widths, kept for a person to look at (gitignored). */
const ARTEFACTS = path.join(import.meta.dirname, '../../test-artifacts/web');

interface Judge {
  readonly url: string;
  readonly spool: string;
  readonly running: RunningJudge;
  /** Drops a mail into the spool inbox as a whole file. */
  mail(from: string, body: string): Promise<void>;
  close(): Promise<void>;
}

async function startJudge(database: ScratchDatabase | null): Promise<Judge> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-web-'));
  const spool = path.join(root, 'spool');
  // PGlite's data folder laid from the migrated template: the judge does not pay for initdb and the
  // migrations (a fresh folder's first start is the built command line's test).
  if (!database) await seedPgliteDataDir(path.join(root, 'pglite'));
  const settings = loadConfig({
    ...(database ? { DATABASE_URL: database.url } : { DIPJUDGE_DATA_DIR: path.join(root, 'pglite') }),
    DIPJUDGE_SPOOL_DIR: spool,
    DIPJUDGE_POLL_MS: '50',
    DIPJUDGE_PASSWORD_COST: '1024',
    DIPJUDGE_HTTP_PORT: '0',
    JUDGE_ADDRESS: 'judge@judge.example',
    JUDGE_NAME: 'Browser Judge',
  });
  // A cheap scrypt cost keeps the JOINs fast, as in the game fixture (test/judge/game-fixture.ts).
  const judgeConfig = { ...settings.judge, passwordCost: 1024 };
  const running = await serve({ ...settings, judge: judgeConfig }, pino({ level: 'silent' }));
  let count = 0;
  return {
    url: `http://127.0.0.1:${running.http!.port}`,
    spool,
    running,
    async mail(from, body) {
      const name = `${String(++count).padStart(3, '0')}.eml`;
      await writeFile(path.join(spool, name), eml({ from }, body));
      await rename(path.join(spool, name), path.join(spool, 'inbox', name));
    },
    async close() {
      await running.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Waits until the page at `url` holds `text` (the judge reads the spool every 50 ms). */
async function waitForPage(url: string, text: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const body = await fetch(url).then((r) => r.text());
    if (body.includes(text)) return;
    if (Date.now() > until) throw new Error(`${url} never showed '${text}'; last:\n${body.slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skip)('the web site in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    await mkdir(ARTEFACTS, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('[pglite] a started game', () => {
    let judge: Judge;
    beforeAll(async () => {
      judge = await startJudge(null);
      await judge.mail('gm@players.example', 'CREATE demo gmpass\nZONE Europe/Berlin\nDESC <script>alert("x")</script> A friendly game\nFORM');
      for (let i = 1; i <= 7; i++) await judge.mail(`p${i}@players.example`, `JOIN demo pass${i}`);
      await judge.mail('host@players.example', 'CREATE opening openpass\nFORM');
      await waitForPage(`${judge.url}/`, 'href="/games/opening"');
      await waitForPage(`${judge.url}/games/demo`, 'Movement phase of Spring 1901');
    }, 120_000);
    afterAll(async () => {
      await judge?.close();
    });

    it("goes from the list to the game page: deadline in the reader's own zone, powers, map picture, no script from the players", async () => {
      const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US', viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('dialog', (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goto(`${judge.url}/`);
      expect(await page.title()).toBe('Games – Browser Judge');
      expect(await page.locator('#openings').innerText()).toContain('opening');
      expect(await page.locator('#in-play').innerText()).toMatch(/demo\s+Standard\s+active\s+Movement phase of Spring 1901/);
      await page.click('#in-play a[href="/games/demo"]');
      await page.waitForLoadState('load');
      expect(page.url()).toBe(`${judge.url}/games/demo`);
      expect(await page.locator('h1').innerText()).toBe('Game demo');
      // The Master's description is shown as text; its script never runs.
      expect(await page.locator('.description').innerText()).toBe('<script>alert("x")</script> A friendly game');
      const deadline = await page.locator('.deadline').innerText();
      expect(deadline).toMatch(/^The deadline for S1901M is \w{3} \w{3} \d\d \d{4} \d\d:\d\d:00 \+0100 \(Europe\/Berlin\) \(your time: .+ GMT\+9\)\.$/);
      // The same instant: Berlin (+1 in winter) and Tokyo (+9) are 8 hours apart.
      const berlin = Number(/ (\d\d):\d\d:00 \+0100/.exec(deadline)![1]);
      const tokyo = /your time: .*?(\d\d):(\d\d) ([AP])M GMT\+9/.exec(deadline)!;
      const tokyoHour = (Number(tokyo[1]) % 12) + (tokyo[3] === 'P' ? 12 : 0);
      expect((berlin + 8) % 24).toBe(tokyoHour);
      expect(await page.locator('#powers tbody tr').count()).toBe(8);
      expect(await page.locator('#powers tbody tr', { hasText: 'Russia' }).innerText()).toMatch(
        /Russia\s+waiting\s+4\s+Mos Sev Stp War\s+A Mos, F Sev, F Stp\/sc, A War/,
      );
      const map = page.locator('figure.map img');
      await map.scrollIntoViewIfNeeded();
      await expect.poll(() => map.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth)).toBeGreaterThan(500);
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      const png = await readFile(SCREENSHOT);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.length).toBeGreaterThan(50_000);
      expect(await page.content()).not.toMatch(/@players\.example|gmpass|\bpass\d\b/);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('works without JavaScript: the zone form shows the deadlines in the zone asked for', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' });
      const page = await context.newPage();
      await page.goto(`${judge.url}/games/demo`);
      expect(await page.locator('.deadline').innerText()).toMatch(/\(Europe\/Berlin\)\.$/);
      await page.fill('form.zone input[name=zone]', 'America/New_York');
      await Promise.all([page.waitForURL(/zone=America%2FNew_York/), page.click('form.zone button')]);
      expect(await page.locator('.deadline').innerText()).toMatch(/^The deadline for S1901M is .* -0500 \(America\/New_York\)\.$/);
      await context.close();
    });

    it('answers /healthz, /metrics and the ICS feed of the running judge', async () => {
      const health = await fetch(`${judge.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', checks: { database: { ok: true }, spool: { ok: true }, sender: { ok: true } } });
      const metrics = await fetch(`${judge.url}/metrics`).then((r) => r.text());
      const processed = Number(/\ndipjudge_mails_total\{outcome="processed"\} (\d+)\n/.exec(metrics)?.[1]);
      expect(processed).toBe(9);
      expect(metrics).toContain('dipjudge_judge_duration_seconds_count 9\n');
      expect(metrics).toContain(`dipjudge_build_info{version="${DIPJUDGE_VERSION}",database="pglite"} 1\n`);
      const ics = await fetch(`${judge.url}/games/demo/deadlines.ics`);
      expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(await ics.text()).toMatch(/BEGIN:VEVENT\r\nUID:demo-S1901M-deadline@judge\.example\r\n/);
    });
  });

  describe('[pglite] a finished game, at phone and desktop widths', () => {
    let judge: Judge;
    beforeAll(async () => {
      judge = await startJudge(null);
      await judge.mail('gm@players.example', 'CREATE played gmpass\nFORM');
      for (let i = 1; i <= 7; i++) await judge.mail(`p${i}@players.example`, `JOIN played pass${i}`);
      await waitForPage(`${judge.url}/games/played`, 'Movement phase of Spring 1901');
      // The Master processes two phases with everyone's default orders, then ends the game.
      await judge.mail('gm@players.example', 'SIGNON Mplayed gmpass\nPROCESS!');
      await waitForPage(`${judge.url}/games/played`, 'Movement phase of Fall 1901');
      await judge.mail('gm@players.example', 'SIGNON Mplayed gmpass\nPROCESS!');
      await waitForPage(`${judge.url}/games/played`, '/games/played/phases/F1901M">map and orders');
      await judge.mail('gm@players.example', 'SIGNON Mplayed gmpass\nGAME HAS ENDED');
      await waitForPage(`${judge.url}/games/played`, 'id="result"');
    }, 120_000);
    afterAll(async () => {
      await judge?.close();
    });

    for (const width of [390, 1280]) {
      it(`at ${width} px: no page runs off the screen sideways, the map spans the page, the result comes first`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 844 } });
        const page = await context.newPage();
        for (const [name, address] of [
          ['list', '/'],
          ['game', '/games/played'],
          ['phase', '/games/played/phases/S1901M'],
        ] as const) {
          await page.goto(`${judge.url}${address}`);
          await page.waitForLoadState('load');
          const sizes = await page.evaluate(() => {
            const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
            return { scroll: root.scrollWidth, client: root.clientWidth };
          });
          expect(sizes.scroll, `${name} at ${width}`).toBeLessThanOrEqual(sizes.client);
          await page.screenshot({ path: path.join(ARTEFACTS, `${name}-${width}.png`), fullPage: true });
        }
        await page.goto(`${judge.url}/games/played`);
        const map = await page.locator('figure.map img').boundingBox();
        // On a phone the map runs edge to edge; on a desktop it is drawn at its own 1000 px.
        if (width === 390) expect(map!.width).toBeGreaterThanOrEqual(388);
        else expect(map!.width).toBeGreaterThanOrEqual(990);
        expect(map!.x + map!.width).toBeLessThanOrEqual(width);
        const result = await page.locator('#result').boundingBox();
        expect(result!.y).toBeLessThan(map!.y);
        expect(await page.locator('#result .ending').innerText()).toMatch(/^The Master has ended the game/);
        const powers = await page.locator('#powers table').boundingBox();
        expect(powers!.x + powers!.width).toBeLessThanOrEqual(width);
        const chart = await page.locator('svg.chart').boundingBox();
        expect(chart!.x + chart!.width).toBeLessThanOrEqual(width);
        if (width === 390) {
          // Each power is a card: its cells one under another, labelled.
          expect(await page.locator('#powers thead').isVisible()).toBe(false);
          const russia = page.locator('#powers tbody tr', { hasText: 'Russia' });
          const power = (await russia.locator('td[data-label=Power]').boundingBox())!;
          const centres = (await russia.locator('td[data-label=Centres]').boundingBox())!;
          expect(centres.y).toBeGreaterThan(power.y);
          expect(centres.x).toBe(power.x);
          const label = await russia
            .locator('td[data-label=Centres]')
            .evaluate(
              (td) => (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }).getComputedStyle(td, '::before').content,
            );
          expect(label).toBe('"Centres: "');
        }
        await context.close();
      });
    }

    it('without JavaScript: steps from phase to phase, and a tap on the map opens its SVG full size', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${judge.url}/games/played`);
      // The game stopped in Spring 1902 (no centre changed hands: no adjustments); back two phases to its start.
      await Promise.all([page.waitForURL(/\/phases\/S1902M$/), page.click('text=step through the game')]);
      expect(await page.locator('h1').innerText()).toBe('Game played: S1902M');
      expect(await page.locator('#phase-results').innerText()).toContain('Not played: the game ended before it.');
      expect(await page.locator('figcaption').innerText()).toContain('The position the game ended in.');
      await Promise.all([page.waitForURL(/\/phases\/F1901M$/), page.locator('nav.phases').first().locator('a[rel=prev]').click()]);
      await Promise.all([page.waitForURL(/\/phases\/S1901M$/), page.locator('nav.phases').first().locator('a[rel=prev]').click()]);
      expect(await page.locator('nav.phases').first().innerText()).toContain('first phase');
      expect(await page.locator('#phase-results pre').innerText()).toContain('Movement results for Spring of 1901');
      const img = page.locator('figure.map img');
      await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(500);
      await Promise.all([page.waitForURL(/\/phases\/S1901M\/map\.svg$/), img.click()]);
      await context.close();
    });
  });

  describe('[postgres] a forming game', () => {
    let judge: Judge;
    let database: ScratchDatabase;
    beforeAll(async () => {
      database = await migratedScratchDatabase('dipjudge_web');
      judge = await startJudge(database);
      await judge.mail('host@players.example', 'CREATE opening openpass\nFORM');
      await judge.mail('p1@players.example', 'JOIN opening pass1');
      await waitForPage(`${judge.url}/`, '1 of 7 joined');
    }, 120_000);
    afterAll(async () => {
      await judge?.close();
      await database?.drop();
    });

    it('lists it, shows its page and reports healthy', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${judge.url}/`);
      await page.click('#openings a[href="/games/opening"]');
      await page.waitForLoadState('load');
      expect(await page.locator('main').innerText()).toContain('1 of 7 players have joined; to join, mail JOIN opening password to judge@judge.example.');
      const health = await page.request.get(`${judge.url}/healthz`);
      expect(health.status()).toBe(200);
      expect(await health.text()).not.toMatch(/postgres:\/\//);
      await context.close();
    });
  });
});
