// A reader of the three texts jDip's "judge import" opens a game from (a HISTORY reply, a LIST game
// reply, a game-start mail), written from its known rules (njudge.md §5, issue 29) so the suite can
// check that a game imports without jDip itself. Like jDip it throws where jDip fails:
//  - everything above the first `::` line is the mail's header; the text must then start with
//    `:: Judge: …  Game: …  Variant: …` and `:: Deadline: <phase> …`, and hold no other `::` line;
//  - a player table's row must start with a power of the game (or Master/Observer) and end in an
//    address;
//  - a unit line reads `Austria: Army Vienna.` with a place the map names;
//  - HISTORY's entries each start with `Date:` and `Subject:`, and a results entry with its title.

export interface ImportedUnit {
  readonly power: string;
  readonly type: 'Army' | 'Fleet';
  readonly place: string;
}

export interface ImportedGame {
  readonly judge: string;
  readonly game: string;
  readonly variant: string;
  /** The phase of the `:: Deadline:` line. */
  readonly phase: string;
  readonly kind: 'history' | 'listing' | 'start';
  readonly players: readonly { readonly power: string; readonly address: string }[];
  /** The phase titled above the units ("Movement phase for Spring of 1901"), and the units. */
  readonly status: string | null;
  readonly units: readonly ImportedUnit[];
  /** Centres by power as the ownership block lists them (names). */
  readonly ownership: Readonly<Record<string, readonly string[]>>;
  /** HISTORY: the results titles in order ("Movement results for Spring of 1901"). */
  readonly results: readonly string[];
}

export interface ImportMap {
  /** Power names as the variant writes them. */
  readonly powers: readonly string[];
  /** Place names as the map writes them (coasts included, "St Petersburg (south coast)"). */
  readonly places: readonly string[];
}

const PLAYER_TITLES = [/^The following players are signed up for game '[^']+':$/, /^The following players are in this game:$/];

export function importFromJudge(text: string, map: ImportMap): ImportedGame {
  const all = text.replace(/\r/g, '').split('\n');
  const first = all.findIndex((line) => line.startsWith('::'));
  if (first < 0) throw new Error('Missing :: Judge: line');
  const judgeLine = /^:: Judge: (\S+)\s+Game: (\S+)\s+Variant: (.+?)\s*$/.exec(all[first]!);
  if (!judgeLine) throw new Error(`Not a :: Judge: line: ${all[first]}`);
  const deadline = /^:: Deadline: ([A-Z]\d{1,4}[MRB]) /.exec(all[first + 1] ?? '');
  if (!deadline) throw new Error(`Missing :: Deadline: line after ${all[first]}`);
  const lines = all.slice(first + 2);
  const stray = lines.find((line) => line.startsWith('::'));
  if (stray !== undefined) throw new Error(`A :: line inside the text: ${stray}`);

  const body = lines.join('\n');
  const kind = /^History information for game '/m.test(body)
    ? 'history'
    : /^The following players are signed up for game '/m.test(body)
      ? 'listing'
      : /^You have been selected as /m.test(body)
        ? 'start'
        : null;
  if (kind === null) throw new Error('Neither a HISTORY, a LIST nor a game-start text');

  const players: { power: string; address: string }[] = [];
  const title = lines.findIndex((line) => PLAYER_TITLES.some((p) => p.test(line)));
  if (kind !== 'history') {
    if (title < 0) throw new Error('No player table');
    for (const row of lines.slice(title + 1)) {
      if (row.trim() === '') break;
      const match = /^\s+(\S+?):?\s+.*?(\S+@\S+)$/.exec(row);
      if (!match || ![...map.powers, 'Master', 'Observer'].includes(match[1]!)) throw new Error(`Player row not understood: ${row}`);
      players.push({ power: match[1]!, address: match[2]! });
    }
  }

  let status: string | null = null;
  const units: ImportedUnit[] = [];
  const ownership: Record<string, string[]> = {};
  const statusAt = lines.findIndex((line) => /^(Status of the \w+ phase for \S+ of \d+\.|Starting position for \S+ of \d+\.)/.test(line));
  if (kind !== 'history') {
    if (statusAt < 0) throw new Error('No position');
    status = /^(?:Status of the )?(.+?)\./.exec(lines[statusAt]!)![1]!;
    let at = statusAt + 1;
    for (; at < lines.length; at++) {
      const line = lines[at]!;
      if (line.trim() === '') continue;
      const unit = /^(\S+):\s+(Army|Fleet)\s+(.+?)\.$/.exec(line);
      if (!unit) break;
      if (!map.powers.includes(unit[1]!)) throw new Error(`Unknown power in ${line}`);
      if (!map.places.includes(unit[3]!)) throw new Error(`Unknown place in ${line}`);
      units.push({ power: unit[1]!, type: unit[2] as 'Army' | 'Fleet', place: unit[3]! });
    }
    const owned = lines.indexOf('Ownership of supply centers:', at);
    if (owned >= 0) {
      let current: string | null = null;
      for (const line of lines.slice(owned + 2)) {
        if (line.trim() === '') break;
        const head = /^(\S+):\s+(.*)$/.exec(line);
        const names = (head ? head[2]! : line)
          .split(',')
          .map((n) => n.trim().replace(/\.$/, ''))
          .filter(Boolean);
        if (head) current = head[1]!;
        if (current === null) throw new Error(`Ownership line without a power: ${line}`);
        ownership[current] = [...(ownership[current] ?? []), ...names];
      }
    }
  }

  const results: string[] = [];
  if (kind === 'history') {
    for (let at = 0; at < lines.length; at++) {
      if (!lines[at]!.startsWith('Date:')) continue;
      if (!/^Subject: \S+/.test(lines[at + 1] ?? '')) throw new Error(`An entry without its Subject: ${lines[at]}`);
      const resultsTitle = lines.slice(at + 2).find((line) => /^(Movement|Retreat|Adjustment) results for /.test(line) || line.startsWith('Date:'));
      if (/ - [A-Z]\d+[MRAB] Results$/.test(lines[at + 1]!)) {
        if (!resultsTitle || resultsTitle.startsWith('Date:')) throw new Error(`A results entry without its title: ${lines[at + 1]}`);
        results.push(/^(.+?)\./.exec(resultsTitle)![1]!);
      }
    }
  }
  return { judge: judgeLine[1]!, game: judgeLine[2]!, variant: judgeLine[3]!, phase: deadline[1]!, kind, players, status, units, ownership, results };
}
