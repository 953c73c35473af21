import { loadRoleSet, roleSetNames } from '../catalog/roleset-catalog.ts';
import { roleSetProblemLine } from '../render/werewolf-problems.ts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { IANAZone } from 'luxon';
import { SITE_CSS, SITE_JS } from '../render/web-assets.ts';
import { deadlinesCalendar } from '../render/web-ics.ts';
import type { LinkStop } from '../judge/mail/mail-addresses.ts';
import {
  badRequestPage,
  errorPage,
  gamePage,
  gamesPage,
  mafiaPage,
  werewolfPage,
  roleSetsPage,
  notFoundPage,
  phasePage,
  unsubscribePage,
  type NotFound,
  type SiteInfo,
  type UnsubscribeState,
} from '../render/web-pages.ts';
import type { GamesListView, PublicSite } from './public-view.ts';

// The judge's HTTP side (DIPJUDGE_HTTP_PORT): /healthz and /metrics for the judgekeeper's
// monitoring, and a read-only public site: the games (those taking players first), a page per
// game, its map picture and an ICS feed of its deadlines; and, given a way to stop addresses, the
// pages of every mail's one-click unsubscribe link (RFC 8058). The site answers only GET and HEAD;
// the one POST is /unsubscribe/<token>, the same as a mailed STOP <token>. Errors are logged and
// answered with a plain page, never a stack trace.

export interface HealthCheck {
  readonly ok: boolean;
  readonly detail: string;
}

export interface HealthReport {
  readonly ok: boolean;
  readonly checks: Readonly<Record<string, HealthCheck>>;
}

export interface WebLogger {
  error(bindings: object, message: string): void;
}

export interface WebDependencies {
  readonly site: PublicSite;
  readonly info: SiteInfo;
  readonly health: () => Promise<HealthReport>;
  /** The /metrics text (Prometheus text format). */
  readonly metrics: () => Promise<string>;
  /** Stops mail to the token's address (src/judge/mail/mail-addresses.ts stopByLink); without it there are no unsubscribe pages. */
  readonly unsubscribe?: (token: string) => Promise<LinkStop>;
  readonly now?: () => Date;
  readonly log?: WebLogger;
  /** DIPJUDGE_PUBLIC_URL without its trailing slash: the site's address for links it hands out (the ICS feeds). */
  readonly publicUrl?: string;
  /** /metrics for any client (DIPJUDGE_METRICS_REMOTE); otherwise only for this machine's own (loopback). */
  readonly metricsRemote?: boolean;
}

const HTML_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const MAX_NAME = 64;
/** Games pages kept per list, one per reader's zone: past this many zones they are made again. */
const MAX_KEPT_ZONES = 64;

/** The judge's unsubscribe tokens (src/store/mail-address-store.ts newAddressToken). */
const TOKEN = /^[a-z0-9]{20}$/i;

function page(reply: FastifyReply, body: string | Buffer, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/** The 4xx status an error carries (fastify's own: 400, 413, 414, 415 …), or null for a fault of the judge's. */
function clientStatus(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

export function buildWebApp(deps: WebDependencies): FastifyInstance {
  const now = deps.now ?? (() => new Date());
  // A request fastify refuses before any route (a broken %-escape, a part over maxParamLength) gets
  // the site's page with fastify's status, never its JSON error (issue 25).
  const app = Fastify({
    logger: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, _request, reply) => page(reply, badRequestPage(deps.info), clientStatus(error) ?? 400),
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', HTML_POLICY);
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-cache');
    return payload;
  });

  const notFound = (reply: FastifyReply, what: NotFound) => page(reply, notFoundPage(deps.info, what), 404);

  // The games page as made for each reader's zone, by the list it was made from: the site hands
  // out the same list object while the games it shows are unchanged (public-view.ts), so the page
  // is made once per change and zone. A zone the reader got wrong is echoed, so not kept.
  // Kept as bytes: the page (some 100 KB at 200 games) is not encoded again for each request.
  const gamesPages = new WeakMap<GamesListView, Map<string, Buffer>>();
  const gamesPageOf = (view: GamesListView, zone: string | null, bad: string | null): string | Buffer => {
    if (bad !== null) return gamesPage(deps.info, view, zone, bad);
    let pages = gamesPages.get(view);
    if (pages === undefined) gamesPages.set(view, (pages = new Map()));
    const key = zone ?? '';
    let body = pages.get(key);
    if (body === undefined) {
      body = Buffer.from(gamesPage(deps.info, view, zone, null));
      if (pages.size >= MAX_KEPT_ZONES) pages.clear();
      pages.set(key, body);
    }
    return body;
  };

  app.setNotFoundHandler((request, reply) => notFound(reply, { kind: 'page', path: request.url.split('?')[0] ?? '' }));
  app.setErrorHandler((error, request, reply) => {
    // The client's fault (a query or body it cannot send, a body too large): its status, nothing logged.
    const status = clientStatus(error);
    if (status !== null) return page(reply, badRequestPage(deps.info), status);
    deps.log?.error({ err: error, url: request.url }, 'web request failed');
    return page(reply, errorPage(deps.info), 500);
  });

  app.get('/healthz', async (_request, reply) => {
    const report = await deps.health();
    return reply
      .code(report.ok ? 200 : 503)
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify({ status: report.ok ? 'ok' : 'failing', checks: report.checks }, null, 2)}\n`);
  });

  app.get('/metrics', async (request, reply) => {
    // The site may face the world; what the judge is doing inside is for its own machine unless asked.
    if (deps.metricsRemote !== true && !isLoopback(request.socket.remoteAddress)) return notFound(reply, { kind: 'page', path: '/metrics' });
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await deps.metrics());
  });

  app.get('/site.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'max-age=3600').send(SITE_CSS));
  app.get('/site.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'max-age=3600').send(SITE_JS));
  // Browsers ask for it on every page: no icon, and no 404 in their console.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('Cache-Control', 'max-age=86400').send());
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /metrics\nDisallow: /healthz\n'));

  app.get<{ Querystring: { zone?: unknown } }>('/', async (request, reply) => {
    const { zone, bad } = readerZone(request.query.zone);
    return page(reply, gamesPageOf(await deps.site.games(now()), zone, bad));
  });
  app.get('/games', async (_request, reply) => reply.redirect('/'));
  app.get('/rolesets', async (_request, reply) =>
    page(
      reply,
      roleSetsPage(
        deps.info,
        roleSetNames().map((name) => {
          const loaded = loadRoleSet(name);
          return loaded.ok ? { name, set: loaded.roleSet } : { name, problems: loaded.problems.map(roleSetProblemLine) };
        }),
      ),
    ),
  );

  app.get<{ Params: { name: string }; Querystring: { zone?: unknown } }>('/games/:name', async (request, reply) => {
    const name = gameName(request.params.name);
    const { zone, bad } = readerZone(request.query.zone);
    const found = name === null ? null : await deps.site.page(name, now());
    if (found === null) return notFound(reply, { kind: 'game', name: request.params.name.slice(0, MAX_NAME) });
    if (found.kind === 'mafia') return page(reply, mafiaPage(deps.info, found.game, zone, bad));
    if (found.kind === 'werewolf') return page(reply, werewolfPage(deps.info, found.game, zone, bad));
    return page(reply, gamePage(deps.info, found.game, zone, bad));
  });

  app.get<{ Params: { name: string } }>('/games/:name/deadlines.ics', async (request, reply) => {
    const name = gameName(request.params.name);
    const feed = name === null ? null : await deps.site.deadlines(name);
    if (feed === null) return notFound(reply, { kind: 'game', name: request.params.name.slice(0, MAX_NAME) });
    const pageUrl = deps.publicUrl === undefined ? null : `${deps.publicUrl}/games/${encodeURIComponent(feed.name)}`;
    const body = deadlinesCalendar(feed, { judgeName: deps.info.judgeName, judgeAddress: deps.info.judgeAddress, pageUrl, now: now() });
    return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', `inline; filename="${feed.name}-deadlines.ics"`).send(body);
  });

  const sendMap = async (reply: FastifyReply, rawName: string, phase: string | null) => {
    const name = gameName(rawName);
    const svg = name === null ? null : await deps.site.map(name, phase);
    if (svg === null) return notFound(reply, { kind: 'map', name: rawName.slice(0, MAX_NAME), phase: phase ? phase.slice(0, 12) : null });
    return reply.type('image/svg+xml; charset=utf-8').header('Content-Security-Policy', SVG_POLICY).send(svg);
  };
  app.get<{ Params: { name: string; phase: string } }>('/games/:name/phases/:phase', async (request, reply) => {
    const name = gameName(request.params.name);
    const phase = request.params.phase.slice(0, 12);
    const view = name === null ? null : await deps.site.phase(name, phase);
    if (view === null) return notFound(reply, { kind: 'phase', name: request.params.name.slice(0, MAX_NAME), phase });
    return page(reply, phasePage(deps.info, view));
  });
  app.get<{ Params: { name: string } }>('/games/:name/map.svg', (request, reply) => sendMap(reply, request.params.name, null));
  app.get<{ Params: { name: string; phase: string } }>('/games/:name/phases/:phase/map.svg', (request, reply) =>
    sendMap(reply, request.params.name, request.params.phase.slice(0, 12)),
  );

  if (deps.unsubscribe !== undefined) unsubscribeRoutes(app, deps.info, deps.unsubscribe);

  return app;
}

/**
 * GET /unsubscribe/<token> shows a button and changes nothing; POST with
 * List-Unsubscribe=One-Click in its form body (urlencoded or multipart, as RFC 8058 allows) stops.
 */
function unsubscribeRoutes(app: FastifyInstance, info: SiteInfo, unsubscribe: (token: string) => Promise<LinkStop>): void {
  const asText = { parseAs: 'string' as const, bodyLimit: 4096 };
  app.addContentTypeParser('application/x-www-form-urlencoded', asText, (_request, body, done) => done(null, body));
  app.addContentTypeParser('multipart/form-data', asText, (_request, body, done) => done(null, body));
  const page = (reply: FastifyReply, state: UnsubscribeState, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(unsubscribePage(info, state));
  app.get<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) =>
    TOKEN.test(request.params.token) ? page(reply, 'confirm') : page(reply, 'unknown-token', 404),
  );
  app.post<{ Params: { token: string }; Body: unknown }>('/unsubscribe/:token', async (request, reply) => {
    if (!TOKEN.test(request.params.token)) return page(reply, 'unknown-token', 404);
    if (!isOneClick(request.body)) return page(reply, 'no-one-click', 400);
    const outcome = await unsubscribe(request.params.token);
    return page(reply, outcome, outcome === 'unknown-token' ? 404 : 200);
  });
}

/** Whether a form body holds List-Unsubscribe=One-Click. */
function isOneClick(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click') return true;
  // multipart/form-data: the field's headers, an empty line, its value.
  return /name="List-Unsubscribe"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
}

export interface RunningWebServer {
  /** The address it listens on (the port chosen when 0 was asked for). */
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startWebServer(deps: WebDependencies, listen: { readonly host: string; readonly port: number }): Promise<RunningWebServer> {
  const app = buildWebApp(deps);
  await app.listen({ host: listen.host, port: listen.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : listen.port;
  return { host: listen.host, port, close: () => app.close() };
}

/** A game name from the URL: lower case; null when it cannot be one (too long). */
function gameName(raw: string): string | null {
  return raw.length === 0 || raw.length > MAX_NAME ? null : raw.toLowerCase();
}

/** The zone the reader asked for with ?zone=; a bad one is named back and the game's zone used. */
function readerZone(raw: unknown): { zone: string | null; bad: string | null } {
  if (typeof raw !== 'string' || raw.trim() === '') return { zone: null, bad: null };
  const zone = raw.trim().slice(0, 64);
  return IANAZone.isValidZone(zone) ? { zone, bad: null } : { zone: null, bad: zone };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}
