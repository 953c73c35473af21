import { formatDeadline, formatPlayerDeadline } from '../schedule/index.ts';
import { html, type Html, type Part } from './html.ts';
import { centresChart } from './web-centres-chart.ts';
import type { GameResult, PhaseView, GameRow, GameView, GamesListView, MafiaGameView, WerewolfGameView } from './web-views.ts';
import { phaseName as werewolfPhaseName } from '../werewolf/phases.ts';
import type { RoleSet } from '../werewolf/definitions.ts';
import type { MafiaView } from '../mafia/index.ts';
import { phaseName } from './mafia-refusals.ts';

// The site's pages: server-rendered HTML that reads well without JavaScript. The one script
// (/site.js) only adds each deadline in the reader's own zone, as the browser knows it; without
// it, `?zone=Area/City` shows the deadlines in any zone. Nothing here has an address or password.

export interface SiteInfo {
  /** The judge's name (JUDGE_NAME) and mail address, to which players send their commands. */
  readonly judgeName: string;
  readonly judgeAddress: string;
}

export function gamePath(name: string): string {
  return `/games/${encodeURIComponent(name)}`;
}

function layout(site: SiteInfo, title: string, body: Html, options: { readonly noindex?: boolean } = {}): string {
  return `<!doctype html>\n${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.noindex ? html`<meta name="robots" content="noindex">` : ''}
<title>${title} – ${site.judgeName}</title>
<link rel="stylesheet" href="/site.css">
<script src="/site.js" defer></script>
</head>
<body>
<header><a href="/" class="home">${site.judgeName}</a> <span class="tag">Diplomacy, Mafia and Werewolf games played by e-mail: write to <code>${site.judgeAddress}</code></span></header>
<main>
${body}
</main>
<footer>Read-only: commands go to the judge by mail (HELP tells them all). Times are shown in the game's zone unless you choose one.</footer>
</body>
</html>`.text
  }\n`;
}

/** A deadline as njudge writes it, in `zone` (the game's, or the one the reader chose), with the exact instant for the script. */
function when(at: Date, gameZone: string, readerZone: string | null): Html {
  const text = readerZone === null ? `${formatDeadline(at, gameZone)} (${gameZone})` : formatPlayerDeadline(at, readerZone);
  return html`<time datetime="${at.toISOString()}" data-local>${text}</time>`;
}

function zoneForm(readerZone: string | null, badZone: string | null): Html {
  return html`<form class="zone" method="get">
<label>Show times in <input name="zone" value="${readerZone ?? ''}" placeholder="Europe/Berlin" size="20"></label> <button type="submit">Show</button>
${badZone !== null ? html`<p class="error">Unknown time zone '${badZone}': times are shown in the game's zone. Write a zone as Area/City, e.g. America/New_York.</p>` : ''}
</form>`;
}

function gameLink(row: { readonly name: string }): Html {
  return html`<a href="${gamePath(row.name)}">${row.name}</a>`;
}

function gamesTable(rows: readonly GameRow[], readerZone: string | null, kind: 'openings' | 'play' | 'finished'): Html {
  if (rows.length === 0)
    return html`<p class="empty">${kind === 'openings' ? 'No game is taking players just now: start one by mail with CREATE game password.' : 'None.'}</p>`;
  const head =
    kind === 'openings'
      ? html`<tr><th>Game</th><th>Variant</th><th>Players</th></tr>`
      : html`<tr><th>Game</th><th>Variant</th><th>State</th><th>Phase</th>${kind === 'play' ? html`<th>Deadline</th>` : ''}</tr>`;
  // Each cell carries its column's name: on a phone a row is shown as a card, each cell labelled (site.css).
  const body = rows.map((row) =>
    kind === 'openings'
      ? html`<tr><td data-label="Game">${gameLink(row)}</td><td data-label="Variant">${row.variant}</td><td data-label="Players">${row.joined ? `${row.joined.players} of ${row.joined.of} joined` : ''}</td></tr>`
      : html`<tr><td data-label="Game">${gameLink(row)}</td><td data-label="Variant">${row.variant}</td><td data-label="State">${row.status}</td><td data-label="Phase">${row.phaseTitle ?? '–'}</td>${kind === 'play' ? html`<td data-label="Deadline">${row.deadline ? when(row.deadline, row.timeZone, readerZone) : 'none'}</td>` : ''}</tr>`,
  );
  return html`<table class="games ${kind} cards"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

export function gamesPage(site: SiteInfo, view: GamesListView, readerZone: string | null, badZone: string | null): string {
  return layout(
    site,
    'Games',
    html`<h1>Games on ${site.judgeName}</h1>
<section id="openings"><h2>Taking players</h2>
<p>Join one by mail: <code>JOIN game password</code> to ${site.judgeAddress}.</p>
${gamesTable(view.openings, readerZone, 'openings')}</section>
<section id="in-play"><h2>In play</h2>${gamesTable(view.inPlay, readerZone, 'play')}</section>
<section id="finished"><h2>Finished</h2>${gamesTable(view.finished, readerZone, 'finished')}</section>
${view.more ? html`<p class="more">Only the first games by name are shown: SEARCH by mail finds the others.</p>` : ''}
${zoneForm(readerZone, badZone)}`,
  );
}

export function gamePage(site: SiteInfo, game: GameView, readerZone: string | null, badZone: string | null): string {
  const path = gamePath(game.name);
  const deadline: Part[] = [];
  if (game.phase !== null && (game.status === 'active' || game.status === 'waiting')) {
    deadline.push(
      game.deadline
        ? html`<p class="deadline">The deadline for ${game.phase} is ${when(game.deadline, game.timeZone, readerZone)}.</p>`
        : html`<p class="deadline">${game.phase} has no deadline: it is processed when every order is in.</p>`,
    );
    if (game.grace) deadline.push(html`<p class="grace">The grace period ends ${when(game.grace, game.timeZone, readerZone)}.</p>`);
  }
  const powers = game.joined
    ? html`<p>${game.joined.players} of ${game.joined.of} players have joined${game.status === 'forming' ? html`; to join, mail <code>JOIN ${game.name} password</code> to ${site.judgeAddress}` : ''}.</p>`
    : html`<table class="powers cards"><thead><tr><th>Power</th><th>State</th><th>Centres</th><th></th><th>Units</th></tr></thead><tbody>${game.powers.map(
        (p) =>
          html`<tr><td data-label="Power">${p.name}</td><td data-label="State">${p.state}</td><td class="n" data-label="Centres">${p.centres.length}</td><td data-label="Held" title="${p.centreNames.join(', ')}">${p.centres.join(' ')}</td><td data-label="Units" title="${p.unitNames.join(', ')}">${p.units.join(', ')}</td></tr>`,
      )}${game.unownedCentres.length > 0 ? html`<tr class="unowned"><td data-label="Power">Unowned</td><td></td><td class="n" data-label="Centres">${game.unownedCentres.length}</td><td data-label="Held" title="${game.unownedCentreNames.join(', ')}">${game.unownedCentres.join(' ')}</td><td></td></tr>` : ''}</tbody></table>`;
  const history =
    game.centreHistory.rows.length === 0
      ? ''
      : html`<section id="centres"><h2>Supply centres by year</h2>${centresChart({ powers: game.powers, rows: game.centreHistory.rows })}<div class="scroll"><table class="centres"><thead><tr><th>Year</th>${game.centreHistory.powers.map((p) => html`<th>${p}</th>`)}</tr></thead><tbody>${game.centreHistory.rows.map(
          (row) => html`<tr><td>${row.label}</td>${row.counts.map((n) => html`<td class="n">${n}</td>`)}</tr>`,
        )}</tbody></table></div></section>`;
  const results =
    game.results.length === 0
      ? html`<p class="empty">No results yet.</p>`
      : game.results.map(
          (r) =>
            html`<details${r === game.results[0] ? html` open` : ''}><summary>${r.title} (${r.phase}) – <a href="${phasePath(game.name, r.phase)}">${game.hasMap ? 'map and orders' : 'its page'}</a></summary><pre>${r.text}</pre></details>`,
        );
  return layout(
    site,
    `Game ${game.name}`,
    html`<h1>Game ${game.name}</h1>
${game.result ? resultSection(game.result) : ''}
<p class="summary">${game.variantTitle}, ${game.status}${game.phaseTitle ? html`: ${game.phaseTitle}` : ''}.</p>
${game.description ? html`<p class="description">${game.description}</p>` : ''}
${deadline}
<p class="feeds"><a href="${path}/deadlines.ics">Deadlines as a calendar feed (ICS)</a>: add its address to your calendar to follow this game's deadlines.</p>
${zoneForm(readerZone, badZone)}
${game.hasMap ? mapFigure(`${path}/map.svg`, `Map of game ${game.name}, ${game.phase}`, html`The position${game.phase ? ` in ${game.phase}` : ''}${game.phase ? html` (<a href="${phasePath(game.name, game.phase)}">step through the game</a>)` : ''}.`) : ''}
<section id="powers"><h2>Powers</h2>
${game.playersHidden ? html`<p class="hidden-players">Who plays which power is not told in this game.</p>` : ''}
${powers}
${game.observers > 0 ? html`<p>and ${game.observers} observer${game.observers === 1 ? '' : 's'}.</p>` : ''}
</section>
${history}
<section id="results"><h2>Results</h2>${results}</section>
<section id="parameters"><h2>Parameters</h2><ul>${game.parameters.map((line) => html`<li>${line}</li>`)}</ul></section>`,
    { noindex: !game.listed },
  );
}

/** A Mafia game's page, the tracker's status page: phase and deadline, the next three deadlines, the living and the dead with the GM's flips, replacements, the count, the end. */
export function mafiaPage(site: SiteInfo, game: MafiaGameView, readerZone: string | null, badZone: string | null): string {
  const { view } = game;
  const path = gamePath(game.name);
  const zone = view.zone;
  const state =
    view.status === 'forming'
      ? html`<p class="summary">Mafia, forming: ${view.joined.length} joined${view.settings.players ? ` of ${view.settings.players}` : ''}; to join, mail <code>JOIN ${game.name} password</code> and <code>NAME yourname</code> to ${site.judgeAddress}.</p>`
      : view.status === 'ended'
        ? html`<p class="summary ended">Mafia, ended in ${phaseName(view.phase!)}.</p>`
        : html`<p class="summary">Mafia: <span class="phase">${phaseName(view.phase!)}</span>.</p>
<p class="deadline">${phaseName(view.phase!)} ends ${when(new Date(view.deadline!), zone, readerZone)}.</p>
<section id="schedule"><h2>Next deadlines</h2><ol class="upcoming">${view.upcoming.map((u) => html`<li>${phaseName(u.phase)}: ${when(new Date(u.deadline), zone, readerZone)}</li>`)}</ol></section>`;
  const seat = (s: MafiaView['living'][number]) =>
    html`<li>${s.nick}${s.open ? html` <span class="open">(open: its player left; TAKEOVER ${s.nick}@${game.name} password takes it)</span>` : ''}${
      s.formerly.length > 0
        ? // A TAKEOVER keeps the seat's nick: the former player is then told apart by when they left, not by name.
          html` <span class="replaced">(replaced ${s.formerly.map((f) => (f.nick === s.nick ? `a player who left, ${phaseName(f.phase)}` : `${f.nick}, ${phaseName(f.phase)}`)).join('; ')})</span>`
        : ''
    }</li>`;
  const players =
    view.status === 'forming'
      ? html`<ul class="joined">${view.joined.map((n) => html`<li>${n ?? '(no name yet)'}</li>`)}</ul>`
      : html`<section id="living"><h2>Alive (${view.living.length})</h2><ul class="living">${view.living.map(seat)}</ul></section>
<section id="dead"><h2>Dead (${view.dead.length})</h2>${
          view.dead.length === 0
            ? html`<p class="empty">Nobody yet.</p>`
            : html`<table class="dead cards"><thead><tr><th>Player</th><th>Died</th><th>The GM said</th></tr></thead><tbody>${view.dead.map(
                (s) =>
                  html`<tr><td data-label="Player">${s.nick}</td><td data-label="Died">${phaseName(s.death!.phase)}</td><td data-label="The GM said">${s.death!.comment}</td></tr>`,
              )}</tbody></table>`
        }</section>`;
  const count =
    view.count === null || view.status !== 'running'
      ? ''
      : html`<section id="votes"><h2>Vote count</h2><table class="votes"><tbody>${view.count.lines.map(
          (line) =>
            html`<tr><td>${line.target === 'no-lynch' ? 'No lynch' : line.target}</td><td class="n">${line.voters.length}</td><td>${line.voters.join(', ')}</td></tr>`,
        )}${view.count.notVoting.length > 0 ? html`<tr class="not-voting"><td>Not voting</td><td class="n">${view.count.notVoting.length}</td><td>${view.count.notVoting.join(', ')}</td></tr>` : ''}</tbody></table>
<p class="needed">With ${view.count.living} alive, it takes ${view.count.needed} to lynch.</p></section>`;
  return layout(
    site,
    `Mafia game ${game.name}`,
    html`<h1>Mafia game ${game.name}</h1>
${state}
<p class="feeds"><a href="${path}/deadlines.ics">Deadlines as a calendar feed (ICS)</a>.</p>
${zoneForm(readerZone, badZone)}
${players}
${count}`,
    { noindex: !game.listed },
  );
}

/** A werewolf game's page: its phase and deadline, the living, the dead with the roles told at their deaths; every role once it is over. */
export function werewolfPage(site: SiteInfo, game: WerewolfGameView, readerZone: string | null, badZone: string | null): string {
  const { view } = game;
  const path = gamePath(game.name);
  const phase = view.phase === null ? '' : werewolfPhaseName(view.phase);
  const state =
    view.status === 'forming'
      ? html`<p class="summary">Werewolf (${view.roleSet}), forming: ${view.joined.length} of ${view.players} joined; to join, mail <code>JOIN ${game.name} password</code> and <code>NAME yourname</code> to ${site.judgeAddress}.</p>`
      : view.ended !== null
        ? html`<p class="summary ended">Werewolf (${view.roleSet}), over in ${phase}: the ${view.ended.winners.join(' and ')} ${view.ended.winners.length === 1 ? 'wins' : 'win'} (${view.ended.winningPlayers.join(', ')}).</p>`
        : html`<p class="summary">Werewolf (${view.roleSet}): <span class="phase">${phase}</span>.</p>${
            view.deadline === null ? '' : html`<p class="deadline">${phase} ends ${when(new Date(view.deadline), game.timeZone, readerZone)} at the latest.</p>`
          }`;
  const players =
    view.status === 'forming'
      ? html`<ul class="joined">${view.joined.map((n) => html`<li>${n}</li>`)}</ul>`
      : html`<section id="living"><h2>Alive (${view.living.length})</h2><ul class="living">${view.living.map((n) => html`<li>${n}</li>`)}</ul></section>
<section id="dead"><h2>Dead (${view.dead.length})</h2>${
          view.dead.length === 0
            ? html`<p class="empty">Nobody yet.</p>`
            : html`<table class="dead cards"><thead><tr><th>Player</th><th>Died</th><th>Role</th></tr></thead><tbody>${view.dead.map(
                (d) =>
                  html`<tr><td data-label="Player">${d.player}</td><td data-label="Died">${werewolfPhaseName(d.phase)}</td><td data-label="Role">${d.role}</td></tr>`,
              )}</tbody></table>`
        }</section>`;
  const roles =
    view.ended === null
      ? ''
      : html`<section id="roles"><h2>Roles</h2><table class="roles"><tbody>${view.ended.roles.map((r) => html`<tr><td>${r.player}</td><td>${r.role}</td></tr>`)}</tbody></table></section>`;
  return layout(
    site,
    `Werewolf game ${game.name}`,
    html`<h1>Werewolf game ${game.name}</h1>
${state}
<p class="role-set">Roles: <a href="/rolesets#${view.roleSet}">the ${view.roleSet} set</a>.</p>
<p class="feeds"><a href="${path}/deadlines.ics">Deadlines as a calendar feed (ICS)</a>.</p>
${zoneForm(readerZone, badZone)}
${players}
${roles}`,
    { noindex: !game.listed },
  );
}

/** One role set for the /rolesets page: its roles by team and its role lists, or the problems that keep it from loading. */
export type RoleSetEntry = { readonly name: string } & ({ readonly set: RoleSet } | { readonly problems: readonly string[] });

/** The werewolf role sets the judge narrates (HELP ROLES by mail): each set's roles by team and how many are dealt. */
export function roleSetsPage(site: SiteInfo, sets: readonly RoleSetEntry[]): string {
  const section = (entry: RoleSetEntry) => {
    if (!('set' in entry))
      return html`<section id="${entry.name}"><h2>${entry.name}</h2><p>Does not load:</p><ul>${entry.problems.map((p) => html`<li>${p}</li>`)}</ul></section>`;
    const { set } = entry;
    const teams = [...set.teams.keys()].map((team) => {
      const roles = [...set.roles.values()].filter((r) => r.team === team);
      return html`<tr><td>${team}</td><td>${roles.map((r) => `${r.name}${r.unique ? ' (unique)' : ''}`).join(', ')}</td></tr>`;
    });
    const lists = set.roleLists.map((l) => html`<li>${l.players} players: ${l.roles.join(', ')}</li>`);
    return html`<section id="${entry.name}"><h2>${entry.name}</h2><p>First phase: ${werewolfPhaseName(set.firstPhase)}.</p>
<table class="roles"><thead><tr><th>Team</th><th>Roles</th></tr></thead><tbody>${teams}</tbody></table>
<ul class="role-lists">${lists}</ul></section>`;
  };
  return layout(
    site,
    'Werewolf role sets',
    html`<h1>Werewolf role sets</h1>
<p class="summary">The judge runs these roles itself. To play, mail <code>CREATE name password werewolf ROLESET set</code> to ${site.judgeAddress}; <code>HELP ROLES</code> mails this list.</p>
${sets.map(section)}`,
  );
}

export function phasePath(game: string, phase: string): string {
  return `${gamePath(game)}/phases/${encodeURIComponent(phase)}`;
}

/**
 * A map picture the width of the page (the screen's, on a phone). It is a link to the SVG itself: a tap
 * opens it full size, where the browser zooms and pans it, with or without JavaScript.
 */
function mapFigure(src: string, alt: string, caption: Html): Html {
  return html`<figure class="map"><a class="enlarge" href="${src}"><img src="${src}" alt="${alt}" width="1000"></a><figcaption>${caption} Tap or click the map to open it full size and zoom in.</figcaption></figure>`;
}

/** A finished game's ending and final centres, at the top of its page. */
function resultSection(result: GameResult): Html {
  return html`<section id="result" class="result"><h2>Result</h2><p class="ending">${result.text}</p>
<ol class="standings">${result.standings.map((s) => html`<li${result.victors.includes(s.power) ? html` class="victor"` : ''}><span class="power">${s.power}</span> <span class="n">${s.centres} centre${s.centres === 1 ? '' : 's'}</span></li>`)}</ol></section>`;
}

/** One phase of a game: its map with its orders, its results, and the way to the phases either side. */
export function phasePage(site: SiteInfo, view: PhaseView): string {
  const nav = html`<nav class="phases" aria-label="Phases">${view.previous ? html`<a rel="prev" href="${phasePath(view.gameName, view.previous.phase)}">← ${view.previous.phase}</a>` : html`<span>first phase</span>`} <a href="${gamePath(view.gameName)}">game ${view.gameName}</a> ${view.next ? html`<a rel="next" href="${phasePath(view.gameName, view.next.phase)}">${view.next.phase} →</a>` : html`<span>last phase</span>`}</nav>`;
  const map = view.hasMap
    ? mapFigure(
        `${phasePath(view.gameName, view.phase)}/map.svg`,
        `Map of game ${view.gameName}, ${view.phase}${view.current ? '' : ' with its orders'}`,
        html`${!view.current ? 'The position with the orders given and what became of them.' : view.running ? 'The position now: this phase is being played.' : 'The position the game ended in.'}`,
      )
    : '';
  return layout(
    site,
    `Game ${view.gameName}, ${view.phase}`,
    html`<h1>Game ${view.gameName}: ${view.phase}</h1>
<p class="summary">${view.title}.</p>
${nav}
${map}
<section id="phase-results"><h2>Results</h2>${view.resultsText !== null ? html`<pre>${view.resultsText}</pre>` : html`<p class="empty">${view.running ? 'Not played yet.' : 'Not played: the game ended before it.'}</p>`}</section>
${nav}`,
  );
}

/** What the one-click unsubscribe page says: the confirm button (GET), or what the POST did. */
export type UnsubscribeState = 'confirm' | 'stopped' | 'already-stopped' | 'unknown-token' | 'no-one-click';

/**
 * The page of a List-Unsubscribe link. A GET only shows the button (link scanners follow links);
 * the button POSTs List-Unsubscribe=One-Click to the same address, as mail programs do (RFC 8058).
 * It never names the address.
 */
export function unsubscribePage(site: SiteInfo, state: UnsubscribeState): string {
  const bodies: Record<UnsubscribeState, Html> = {
    confirm: html`<h1>Stop mail from this judge</h1>
<p>Press the button to stop all mail from ${site.judgeName} to the address this link was sent to: results, press, notices and replies.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop all mail to this address</button></form>
<p>Mail starts again when you write to <code>${site.judgeAddress}</code> with your password. The Master of each game where this address plays is told that it stopped.</p>`,
    stopped: html`<h1>Mail stopped</h1><p>${site.judgeName} sends no more mail to this address. The Master of each game where it plays has been told. Write to <code>${site.judgeAddress}</code> with your password to get mail again.</p>`,
    'already-stopped': html`<h1>Mail already stopped</h1><p>${site.judgeName} already sends no mail to this address. Write to <code>${site.judgeAddress}</code> with your password to get mail again.</p>`,
    'unknown-token': html`<h1>Unknown link</h1><p>This unsubscribe link is not one ${site.judgeName} gave out, so nothing was stopped. Use the link, or the STOP line, at the end of a mail from this judge exactly as it is written there.</p>`,
    'no-one-click': html`<h1>Nothing stopped</h1><p>Mail stops only with the button on <a href="">this page</a> (or your mail program's unsubscribe button).</p>`,
  };
  return layout(site, state === 'confirm' ? 'Stop mail' : 'Unsubscribe', bodies[state], { noindex: true });
}

/** What a request asked for that is not there: a page, a game, a game's map (of a phase) or a phase. */
export type NotFound =
  | { readonly kind: 'page'; readonly path: string }
  | { readonly kind: 'game'; readonly name: string }
  | { readonly kind: 'map'; readonly name: string; readonly phase: string | null }
  | { readonly kind: 'phase'; readonly name: string; readonly phase: string };

/** The sentence a not-found page says. */
export function notFoundText(what: NotFound): string {
  switch (what.kind) {
    case 'page':
      return `There is no page at ${what.path}.`;
    case 'game':
      return `There is no game named '${what.name}' on this judge.`;
    case 'map':
      return `Game '${what.name}' has no map${what.phase ? ` of phase ${what.phase}` : ''} to show.`;
    case 'phase':
      return `Game '${what.name}' has no phase ${what.phase}.`;
  }
}

export function notFoundPage(site: SiteInfo, what: NotFound): string {
  return layout(site, 'Not found', html`<h1>Not found</h1><p>${notFoundText(what)}</p><p><a href="/">All games</a></p>`);
}

/** A request the site cannot read: a broken %-escape, a part of the address or a form too long, a body of the wrong kind. */
export function badRequestPage(site: SiteInfo): string {
  return layout(
    site,
    'Bad request',
    html`<h1>Bad request</h1><p>The judge cannot read this request: its address holds a broken %-escape or a part too long, or what it sent is not what this page takes.</p><p><a href="/">All games</a></p>`,
  );
}

export function errorPage(site: SiteInfo): string {
  return layout(
    site,
    'Error',
    html`<h1>Something went wrong</h1><p>The judge could not show this page just now; the judgekeeper's log says why. Try again in a moment.</p>`,
  );
}
