import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, sourceModules, SRC, type ImportEdge } from '../../scripts/import-graph.ts';

// What a reader may see of a game is decided in one place, src/judge/visibility/policy.ts (README's
// Layout). This test fails when an output path decides it for itself: names a rule that hides
// players, reads the rules that hide them or lists a seat's addresses, or when a module that writes
// an output for a game's readers does not take its view from the policy.

const POLICY = 'judge/visibility/policy.ts';

/** Where the hiding rules may be named: the policy, the rule list, and the option's own definition (when it may be set, its words). */
const MAY_NAME_HIDING_RULES = [
  POLICY,
  'judge/visibility/hidden-players.ts',
  'judge/model.ts',
  'judge/master/game-options.ts',
  'judge/master/option-commands.ts',
];

/** The rule list itself: the policy decides by it and the store filters records by it (for efficiency, not a decision). */
const MAY_READ_HIDING_LIST = [POLICY, 'judge/visibility/hidden-players.ts', 'store/judge-store.ts'];

/** A seat's every address for output: the policy (rosters) and SET ADDRESS, which tells the seat its own. */
const MAY_LIST_SEAT_ADDRESSES = [POLICY, 'judge/mail/mail-addresses.ts'];

/**
 * Every module that writes an output for a game's readers: results, the end and REVEAL, the game start,
 * the Masters-changed notice, the echo of orders, press copies, LIST game, SUMMARY, MAP, INFO PLAYER,
 * HISTORY, the web pages, map pictures and feeds, the admin command line. Each takes its readers' views from the policy.
 */
const OUTPUT_MODULES = [
  'judge/diplomacy/process-turn.ts',
  'judge/diplomacy/orders-ahead.ts',
  'judge/master/master-commands.ts',
  'judge/players/enter-game.ts',
  'judge/master/masters.ts',
  'judge/players/session-commands.ts',
  'judge/press/plan-press.ts',
  'judge/reports/game-report.ts',
  'judge/reports/info-commands.ts',
  'judge/reports/history-report.ts',
  'web/public-view.ts',
  'web/phase-view.ts',
  'daemon/admin/operations.ts',
];

const HIDING_RULE = /'(GUNBOAT|NO_REVEAL)'/;

/** What in one module's text decides visibility outside the policy. */
function visibilityProblems(module: string, text: string): string[] {
  const problems: string[] = [];
  if (!MAY_NAME_HIDING_RULES.includes(module) && HIDING_RULE.test(text))
    problems.push(`${module} names a rule that hides players (${HIDING_RULE.exec(text)![0]}): ask the visibility policy`);
  if (!MAY_READ_HIDING_LIST.includes(module) && /\bPLAYER_HIDING_RULES\b/.test(text))
    problems.push(`${module} reads the rules that hide players: ask the visibility policy`);
  if (!MAY_LIST_SEAT_ADDRESSES.includes(module) && /\bseatAddresses\(/.test(text))
    problems.push(`${module} lists a seat's addresses: shownAddresses of the visibility policy decides who sees them`);
  return problems;
}

/** An output module that does not import the policy. */
function unviewedOutputs(edges: readonly ImportEdge[], outputs: readonly string[] = OUTPUT_MODULES): string[] {
  return outputs
    .filter((module) => !edges.some((e) => e.from === module && e.to === POLICY))
    .map((module) => `${module} writes output without a view from ${POLICY}`);
}

describe('one visibility policy', () => {
  const modules = sourceModules();

  it('lists output modules that exist', () => {
    for (const module of OUTPUT_MODULES) expect(modules).toContain(module);
  });

  it('no module but the policy decides who sees a hidden game’s players, records or addresses', () => {
    expect(modules.flatMap((module) => visibilityProblems(module, readFileSync(path.join(SRC, module), 'utf8')))).toEqual([]);
  });

  it('every output module takes its views from the policy', () => {
    expect(unviewedOutputs(importEdges())).toEqual([]);
  });

  it('catches an output that decides for itself', () => {
    expect(visibilityProblems('web/public-view.ts', "playersHidden: hasRule(game, 'GUNBOAT'),")).toEqual([
      expect.stringMatching(/names a rule that hides players \('GUNBOAT'\)/),
    ]);
    expect(visibilityProblems('daemon/admin/operations.ts', "detail.game.rules.some((rule) => rule === 'NO_REVEAL')")).toHaveLength(1);
    expect(visibilityProblems('judge/reports/info-commands.ts', 'if (game.rules.some((r) => PLAYER_HIDING_RULES.includes(r))) return null;')).toHaveLength(1);
    expect(visibilityProblems('judge/diplomacy/process-turn.ts', "address: seatAddresses(s).join(', ')")).toHaveLength(1);
    expect(visibilityProblems(POLICY, "game.rules.includes('GUNBOAT')")).toEqual([]);
    expect(unviewedOutputs([{ from: 'web/public-view.ts', to: 'judge/model.ts' }], ['web/public-view.ts'])).toEqual([
      'web/public-view.ts writes output without a view from judge/visibility/policy.ts',
    ]);
  });
});
