// The site's stylesheet and its one script, served from the judge itself (the pages' Content
// Security Policy allows nothing from elsewhere and no inline code).

export const SITE_CSS = `
:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fbfbf8; --muted: #5a5a5a; --line: #d6d3c8; --accent: #7a3b12; }
@media (prefers-color-scheme: dark) { :root { --fg: #ecebe6; --bg: #1b1b1a; --muted: #a9a8a2; --line: #3b3a36; --accent: #f0a36b; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { padding: .6rem 1rem; border-bottom: 1px solid var(--line); display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
header .home { font-weight: 700; font-size: 1.15rem; color: var(--accent); text-decoration: none; }
header .tag { color: var(--muted); font-size: .9rem; }
main { max-width: 70rem; margin: 0 auto; padding: .5rem 1rem 2rem; }
footer { color: var(--muted); font-size: .85rem; padding: 1rem; border-top: 1px solid var(--line); text-align: center; }
a { color: var(--accent); }
h1 { font-size: 1.6rem; margin: .8rem 0 .3rem; }
h2 { font-size: 1.2rem; margin: 1.4rem 0 .4rem; border-bottom: 1px solid var(--line); }
table { border-collapse: collapse; margin: .3rem 0; }
th, td { text-align: left; padding: .2rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; }
.empty, .more, figcaption { color: var(--muted); }
.error { color: #b00020; }
.deadline { font-size: 1.1rem; }
.local { color: var(--muted); }
pre { white-space: pre-wrap; font-size: .85rem; background: color-mix(in srgb, var(--line) 25%, transparent); padding: .5rem; }
figure.map { margin: .8rem 0; }
figure.map a.enlarge { display: block; cursor: zoom-in; }
figure.map img { display: block; width: 100%; max-width: 1000px; height: auto; border: 1px solid var(--line); background: #fff; }
form.zone { margin: .6rem 0; font-size: .9rem; }
details summary { cursor: pointer; margin: .3rem 0; }
code, .tag, table.cards td { overflow-wrap: anywhere; }
table.centres td, table.centres th { white-space: nowrap; }
.result { border: 2px solid var(--accent); border-radius: .4rem; padding: .2rem .8rem .6rem; margin: .8rem 0; }
.result h2 { border: 0; margin-top: .4rem; }
.result .ending { font-size: 1.15rem; font-weight: 600; }
.standings { margin: .2rem 0; padding-left: 1.6rem; columns: 14rem; }
.standings .victor { font-weight: 700; }
nav.phases { display: flex; justify-content: space-between; gap: .5rem; flex-wrap: wrap; margin: .6rem 0; }
nav.phases a, nav.phases span { padding: .3rem .5rem; }
nav.phases span { color: var(--muted); }
svg.chart { display: block; width: 100%; max-width: 560px; height: auto; margin: .4rem 0; }
/* A phone: the map from edge to edge, and tables of games and powers as cards, one labelled cell a line. */
@media (max-width: 40rem) {
  main { padding: .5rem .75rem 2rem; }
  figure.map { margin: .8rem -.75rem; }
  figure.map img { border-left: 0; border-right: 0; }
  figcaption { padding: 0 .75rem; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; width: 100%; }
  table.cards thead { display: none; }
  table.cards tr { border-bottom: 1px solid var(--line); padding: .3rem 0; }
  table.cards td { border: 0; padding: .05rem 0; text-align: left; }
  table.cards td:empty { display: none; }
  table.cards td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: .85rem; }
  table.cards td[data-label="Game"]::before, table.cards td[data-label="Power"]::before { content: none; }
  table.cards td[data-label="Game"], table.cards td[data-label="Power"] { font-weight: 700; }
}
`;

/**
 * Adds, under each deadline, the same instant in the reader's own zone as the browser knows it
 * (the pages work without it; ?zone= picks a zone on the server instead).
 */
export const SITE_JS = `
(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  var format = new Intl.DateTimeFormat(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  var times = document.querySelectorAll('time[data-local]');
  for (var i = 0; i < times.length; i++) {
    var at = new Date(times[i].getAttribute('datetime'));
    if (isNaN(at.getTime())) continue;
    var local = document.createElement('span');
    local.className = 'local';
    local.textContent = ' (your time: ' + format.format(at) + ')';
    if (zone) local.title = zone;
    times[i].insertAdjacentElement('afterend', local);
  }
})();
`;
