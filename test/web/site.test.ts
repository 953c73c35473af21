import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueGauges } from '../../src/store/health-queries.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { JudgeMetrics } from '../../src/web/metrics.ts';
import { publicSite } from '../../src/web/public-view.ts';
import { buildWebApp, type HealthReport } from '../../src/web/server.ts';
import { INITIALS, SPRING_1901_ORDERS, startGame, type StartedGame } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { describeEachDatabase } from '../support/databases.ts';

// The read-only site on both databases, through fastify's inject (no socket): one set of games
// per database, shared by every assertion. A gunboat game in Fall 1901 with results, a white game
// taking players, an unlisted one, and the pages, map pictures, ICS feed and /metrics read from
// them. No page may hold an address or a password.

const INFO = { judgeName: 'Test Judge', judgeAddress: 'judge@judge.example' };
const PASSWORDS = [
  'gmpass',
  'pw1',
  'pw2',
  'pw3',
  'pw4',
  'pw5',
  'pw6',
  'pw7',
  'openpass',
  'hidepass',
  'donepass',
  'dpw1',
  'dpw2',
  'dpw3',
  'dpw4',
  'dpw5',
  'dpw6',
  'dpw7',
];

describeEachDatabase(
  'public web site',
  (getStore) => {
    let app: FastifyInstance;
    let played: StartedGame;
    let health: HealthReport = { ok: true, checks: { database: { ok: true, detail: 'answers' } } };
    const pages: string[] = [];
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      pages.push(response.body);
      return response;
    };

    beforeAll(async () => {
      const { db } = getStore();
      played = await startGame(db, 'RULES GUNBOAT\nDESC A <b>friendly</b> game & more');
      for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
      await played.judge.receive(eml({ from: 'host@players.example' }, 'CREATE opening openpass\nFORM'));
      await played.judge.receive(eml({ from: 'p1@players.example' }, 'JOIN opening pw1'));
      await played.judge.receive(eml({ from: 'host@players.example' }, 'CREATE secret hidepass\nFORM'));
      await played.judge.receive(eml({ from: 'host@players.example' }, 'SIGNON Msecret hidepass\nSET UNLISTED'));
      // A NO_REVEAL game every power agrees to draw in Spring 1901.
      await played.judge.receive(eml({ from: 'host@players.example' }, 'CREATE done donepass\nRULES NO_REVEAL\nFORM'));
      for (let i = 1; i <= 7; i++) await played.judge.receive(eml({ from: `d${i}@players.example` }, `JOIN done dpw${i}`));
      const drawn = await db
        .selectFrom('seats')
        .innerJoin('games', 'games.id', 'seats.game_id')
        .select(['seats.power', 'seats.address'])
        .where('games.name', '=', 'done')
        .where('seats.role', '=', 'power')
        .execute();
      for (const seat of drawn)
        await played.judge.receive(eml({ from: seat.address }, `SIGNON ${INITIALS[seat.power!]}done dpw${seat.address.slice(1, 2)}\nSET DRAW`));
      const metrics = new JudgeMetrics();
      metrics.mailJudged('processed', 0.02, 1);
      app = buildWebApp({
        site: publicSite(createJudgeStore(db, { messageIdDomain: 'judge.example' })),
        info: INFO,
        health: async () => health,
        metrics: async () => metrics.render(await queueGauges(db, new Date()), { version: '0.1.0', database: getStore().kind }),
        now: () => new Date(),
        publicUrl: 'https://dip.example.org',
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('lists the games taking players first, then those in play; unlisted games are left out', async () => {
      const response = await get('/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      const body = response.body;
      expect(body.indexOf('id="openings"')).toBeLessThan(body.indexOf('id="in-play"'));
      const openings = body.slice(body.indexOf('id="openings"'), body.indexOf('id="in-play"'));
      expect(openings).toContain('href="/games/opening"');
      expect(openings).toContain('1 of 7 joined');
      const inPlay = body.slice(body.indexOf('id="in-play"'), body.indexOf('id="finished"'));
      expect(inPlay).toContain('href="/games/demo"');
      expect(inPlay).toContain('Standard Gunboat');
      expect(inPlay).toContain('Movement phase of Fall 1901');
      expect(body).not.toContain('secret');
    });

    it('shows a game: variant, phase, deadline in its zone, powers with centres, results, the map and the ICS link', async () => {
      const response = await get('/games/demo');
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toContain('<h1>Game demo</h1>');
      expect(body).toContain('Standard Gunboat, active: Movement phase of Fall 1901.');
      // The description is the Master's text: escaped, never markup.
      expect(body).toContain('A &lt;b&gt;friendly&lt;/b&gt; game &amp; more');
      expect(body).toMatch(/The deadline for F1901M is <time datetime="[0-9T:.-]+Z" data-local>[^<]+ \(UTC\)<\/time>/);
      expect(body).toContain('Who plays which power is not told in this game.');
      expect(body).toContain(
        '<tr><td data-label="Power">France</td><td data-label="State">waiting</td><td class="n" data-label="Centres">3</td><td data-label="Held" title="Brest, Marseilles, Paris">Bre Mar Par</td><td data-label="Units" title="Fleet Mid-Atlantic Ocean, Army Marseilles, Army Burgundy">F Mao, A Mar, A Bur</td></tr>',
      );
      expect(body).toMatch(
        /<tr class="unowned"><td data-label="Power">Unowned<\/td><td><\/td><td class="n" data-label="Centres">12<\/td><td data-label="Held" title="Belgium, [^"]+">Bel Bul Den/,
      );
      // The map is a link to itself: a tap opens the SVG full size.
      expect(body).toContain('<a class="enlarge" href="/games/demo/map.svg"><img src="/games/demo/map.svg"');
      expect(body).toContain('href="/games/demo/deadlines.ics"');
      expect(body).toContain('Movement phase of Spring 1901 (S1901M)');
      expect(body).toContain('<a href="/games/demo/phases/S1901M">map and orders</a>');
      expect(body).toContain('(<a href="/games/demo/phases/F1901M">step through the game</a>)');
      expect(body).toMatch(/<tr><td>1901<\/td>(<td class="n">[345]<\/td>){7}<\/tr>/);
      expect(body).not.toContain('id="result"');
      expect(body).not.toContain('noindex');
    });

    it('draws the centres per year as an SVG chart on the page: one line per power, named in the legend', async () => {
      const body = (await get('/games/demo')).body;
      const chart = body.slice(body.indexOf('<svg class="chart"'), body.indexOf('</svg>', body.indexOf('<svg class="chart"')));
      expect(chart).toContain('aria-label="Supply centres per power by year"');
      expect(chart.match(/<g class="power">/g)).toHaveLength(7);
      // Russia's line holds 4 centres in 1901 and now: two points, both at the height of 4.
      expect(chart).toMatch(/<title>Russia: 1901 4, F1901M \(now\) 4<\/title>/);
      for (const power of ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']) expect(chart).toContain(`>${power}</text>`);
      expect(chart).not.toMatch(/<script|style=/);
    });

    it('steps through the game phase by phase: each phase its map with its orders, its results, the phases either side', async () => {
      const spring = await get('/games/demo/phases/S1901M');
      expect(spring.statusCode).toBe(200);
      expect(spring.body).toContain('<h1>Game demo: S1901M</h1>');
      expect(spring.body).toContain('<img src="/games/demo/phases/S1901M/map.svg" alt="Map of game demo, S1901M with its orders"');
      expect(spring.body).toMatch(/<pre>[^<]*Movement results for Spring of 1901/);
      expect(spring.body).toContain('<span>first phase</span>');
      expect(spring.body).toContain('<a rel="next" href="/games/demo/phases/F1901M">F1901M →</a>');
      const fall = await get('/games/demo/phases/f1901m');
      expect(fall.statusCode).toBe(200);
      expect(fall.body).toContain('<a rel="prev" href="/games/demo/phases/S1901M">← S1901M</a>');
      expect(fall.body).toContain('<span>last phase</span>');
      expect(fall.body).toContain('Not played yet.');
      expect((await get('/games/demo/phases/S1905M')).statusCode).toBe(404);
      expect((await get('/games/demo/phases/<b>')).statusCode).toBe(404);
      expect((await get('/games/opening/phases/S1901M')).statusCode).toBe(404);
    });

    it("puts a finished game's result at the top of its page: the draw and the final centres, powers only", async () => {
      const body = (await get('/games/done')).body;
      expect(body.indexOf('id="result"')).toBeGreaterThan(body.indexOf('<h1>Game done</h1>'));
      expect(body.indexOf('id="result"')).toBeLessThan(body.indexOf('class="summary"'));
      const result = body.slice(body.indexOf('id="result"'), body.indexOf('</section>', body.indexOf('id="result"')));
      expect(result).toContain('<p class="ending">It ends in a draw between Austria, England, France, Germany, Italy, Russia, Turkey.</p>');
      expect(result.match(/<li class="victor">/g)).toHaveLength(7);
      expect(result).toContain('<span class="power">Russia</span> <span class="n">4 centres</span>');
      expect(body).toContain('Who plays which power is not told in this game.');
      const list = (await get('/')).body;
      expect(list.slice(list.indexOf('id="finished"'))).toContain('href="/games/done"');
    });

    it('writes the deadlines in the zone the reader asks for, and names a zone it does not know', async () => {
      const tokyo = await get('/games/demo?zone=Asia/Tokyo');
      expect(tokyo.body).toMatch(/<time datetime="[^"]+" data-local>[^<]+\+0900 \(Asia\/Tokyo\)<\/time>/);
      expect(tokyo.body).toContain('value="Asia/Tokyo"');
      const bad = await get('/games/demo?zone=Mars/Olympus');
      expect(bad.statusCode).toBe(200);
      expect(bad.body).toContain("Unknown time zone 'Mars/Olympus': times are shown in the game's zone.");
      expect(bad.body).toContain('(UTC)</time>');
    });

    it('shows a forming game with its count, an unlisted one by name (not for search engines), and 404 for none', async () => {
      const opening = await get('/games/OPENING');
      expect(opening.body).toContain('1 of 7 players have joined; to join, mail <code>JOIN opening password</code>');
      expect(opening.body).not.toContain('map.svg');
      const secret = await get('/games/secret');
      expect(secret.statusCode).toBe(200);
      expect(secret.body).toContain('<meta name="robots" content="noindex">');
      const none = await get('/games/nosuch');
      expect(none.statusCode).toBe(404);
      expect(none.body).toContain('There is no game named &#39;nosuch&#39; on this judge.');
      expect((await get('/games/nosuch/deadlines.ics')).statusCode).toBe(404);
      expect((await get('/no/such/page')).statusCode).toBe(404);
    });

    it('draws the map as SVG, now and after a phase with its orders; none for a phase not played', async () => {
      const now = await get('/games/demo/map.svg');
      expect(now.statusCode).toBe(200);
      expect(now.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(now.body).toMatch(/^(<\?xml[^>]*>\s*)?<svg/);
      const spring = await get('/games/demo/phases/S1901M/map.svg');
      expect(spring.statusCode).toBe(200);
      expect(spring.body).not.toBe(now.body);
      expect((await get('/games/demo/phases/S1905M/map.svg')).statusCode).toBe(404);
      expect((await get('/games/demo/phases/nonsense/map.svg')).statusCode).toBe(404);
      expect((await get('/games/opening/map.svg')).statusCode).toBe(404);
    });

    it('serves the deadlines as an ICS feed: one event per phase, a past one when it was processed, links under DIPJUDGE_PUBLIC_URL, folded CRLF lines', async () => {
      const response = await app.inject({ method: 'GET', url: '/games/demo/deadlines.ics', headers: { host: 'elsewhere.example:8080' } });
      pages.push(response.body);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines.at(-1)).toBe('');
      expect(lines.at(-2)).toBe('END:VCALENDAR');
      expect(response.body.replace(/\r\n/g, '')).not.toContain('\n');
      for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const unfolded = response.body.replace(/\r\n /g, '');
      expect(unfolded).toContain('UID:demo-S1901M-deadline@judge.example');
      expect(unfolded).toContain('UID:demo-F1901M-deadline@judge.example');
      expect(unfolded).toContain('SUMMARY:demo F1901M deadline');
      // The links come from the judge's public address, never from the request's Host header.
      expect(unfolded).toContain('URL:https://dip.example.org/games/demo\r\n');
      expect(unfolded).not.toContain('elsewhere.example');
      const stamp = (at: Date) =>
        at
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '');
      const game = await getStore().db.selectFrom('games').select('deadline_at').where('name', '=', 'demo').executeTakeFirstOrThrow();
      expect(unfolded).toContain(`DTSTART:${stamp(game.deadline_at!)}`);
      // Spring was processed as soon as every order was in, well before its deadline: the feed says when.
      const spring = await getStore()
        .db.selectFrom('phases')
        .innerJoin('games', 'games.id', 'phases.game_id')
        .select(['phases.processed_at', 'phases.deadline_at'])
        .where('games.name', '=', 'demo')
        .where('phases.phase_id', '=', 'S1901M')
        .executeTakeFirstOrThrow();
      expect(spring.processed_at!.getTime()).toBeLessThan(spring.deadline_at!.getTime() - 60_000);
      expect(/UID:demo-S1901M-deadline@judge\.example\r\nDTSTAMP:\w+\r\nDTSTART:(\w+)\r\n/.exec(unfolded)?.[1]).toBe(stamp(spring.processed_at!));
      expect(unfolded).toContain('SUMMARY:demo S1901M processed\r\n');
    });

    it('changes nothing: other methods are not found', async () => {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const response = await app.inject({ method, url: '/games/demo', payload: { x: 1 } });
        expect(response.statusCode).toBe(404);
      }
      expect((await app.inject({ method: 'HEAD', url: '/games/demo' })).statusCode).toBe(200);
    });

    it('answers /healthz 200 when every check passes and 503 when one fails', async () => {
      const ok = await get('/healthz');
      expect(ok.statusCode).toBe(200);
      expect(JSON.parse(ok.body)).toEqual({ status: 'ok', checks: { database: { ok: true, detail: 'answers' } } });
      health = { ok: false, checks: { database: { ok: false, detail: 'does not answer' } } };
      const failing = await get('/healthz');
      expect(failing.statusCode).toBe(503);
      expect(JSON.parse(failing.body).status).toBe('failing');
    });

    it('answers /metrics to this machine only, unless DIPJUDGE_METRICS_REMOTE says otherwise', async () => {
      const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('dipjudge_');
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
      const open = buildWebApp({
        site: publicSite(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' })),
        info: INFO,
        health: async () => health,
        metrics: async () => 'dipjudge_up 1\n',
        metricsRemote: true,
      });
      try {
        expect((await open.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })).body).toBe('dipjudge_up 1\n');
      } finally {
        await open.close();
      }
    });

    it('answers /metrics in the Prometheus text format with the outbox and games read from the database', async () => {
      const response = await get('/metrics');
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const pending = await getStore()
        .db.selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      expect(Number(pending.n)).toBeGreaterThan(0);
      expect(response.body).toContain(`\ndipjudge_outbox_pending ${pending.n}\n`);
      expect(response.body).toContain('\ndipjudge_games{state="active"} 1\n');
      expect(response.body).toContain('\ndipjudge_games{state="forming"} 2\n');
      expect(response.body).toContain('\ndipjudge_mails_total{outcome="processed"} 1\n');
      expect(response.body).toMatch(/\ndipjudge_outbox_oldest_age_seconds \d+(\.\d+)?\n/);
      expect(response.body).toContain('\ndipjudge_inbound_queued 0\n');
      expect(response.body).toContain('\ndipjudge_inbound_oldest_age_seconds 0\n');
    });

    it('never shows an address or a password on any page', () => {
      expect(pages.length).toBeGreaterThan(15);
      for (const page of pages) {
        expect(page).not.toMatch(/[a-z0-9]+@players\.example/);
        for (const password of PASSWORDS) expect(page).not.toMatch(new RegExp(`\\b${password}\\b`));
      }
    });
  },
  { resetBetweenTests: false },
);

describe('public web site without a database', () => {
  const none = async () => null;
  /** A site with no games at all. */
  const EMPTY_SITE = {
    games: async () => ({ openings: [], inPlay: [], finished: [], more: false }),
    page: none,
    game: none,
    deadlines: none,
    map: none,
    phase: none,
  };

  it('answers a failing read with a plain 500 page and logs it, no stack trace', async () => {
    const logged: unknown[] = [];
    const failing = async () => {
      throw new Error('connection refused at /secret/path');
    };
    const app = buildWebApp({
      site: { games: failing, page: failing, game: failing, deadlines: failing, map: failing, phase: failing },
      info: INFO,
      health: async () => ({ ok: true, checks: {} }),
      metrics: async () => '',
      log: { error: (bindings) => logged.push(bindings) },
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Something went wrong');
    expect(response.body).not.toContain('/secret/path');
    expect(response.body).not.toContain('at ');
    expect(logged).toHaveLength(1);
    await app.close();
  });

  // Issue 25: fastify answered these with its own JSON error.
  it.each([
    ['/games/%', 400],
    ['/%zz', 400],
    ['/games/x/phases/%E0%A4%A/map.svg', 400],
    ['/unsubscribe/%zz', 400],
    [`/games/${'a'.repeat(200)}`, 414],
  ])("answers the malformed address %s with the site's page and status %i, logging nothing", async (url, status) => {
    const logged: unknown[] = [];
    const app = buildWebApp({
      site: EMPTY_SITE,
      info: INFO,
      health: async () => ({ ok: true, checks: {} }),
      metrics: async () => '',
      unsubscribe: async () => 'unknown-token',
      log: { error: (bindings) => logged.push(bindings) },
    });
    const response = await app.inject({ method: 'GET', url });
    expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({ status, type: 'text/html; charset=utf-8' });
    expect(response.body).toContain('<h1>Bad request</h1>');
    expect(response.body).not.toContain('FST_ERR');
    expect(logged).toEqual([]);
    await app.close();
  });

  it("answers an unsubscribe form over its size limit with 413 and the site's page", async () => {
    const app = buildWebApp({
      site: EMPTY_SITE,
      info: INFO,
      health: async () => ({ ok: true, checks: {} }),
      metrics: async () => '',
      unsubscribe: async () => 'stopped',
    });
    const response = await app.inject({
      method: 'POST',
      url: '/unsubscribe/abcabcabcabcabcabcab',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x'.repeat(5000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('<h1>Bad request</h1>');
    await app.close();
  });
});
