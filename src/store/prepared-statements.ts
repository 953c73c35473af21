import type pg from 'pg';

// Kysely sends every statement unnamed, so PostgreSQL parses and plans it anew each time: in a
// deadline storm, where a game's turn is some twenty statements of a few fixed texts, that was
// about a fifth of PostgreSQL's CPU (bench:deadlines). A statement text with parameters that recurs
// is sent as a named prepared statement instead: pg parses it once per connection, and PostgreSQL
// keeps its plan (a generic one once that costs no more than the custom plans).
//
// Texts are named after they were seen twice, so one-off texts (a multi-row VALUES of some length)
// take no name; at most MAX_NAMED texts are named per process, which bounds what each connection
// keeps. Statements without parameters (BEGIN, SAVEPOINT, several statements in one text) go as
// they are.

/**
 * Begins a statement that is planned at each execution, never named: PostgreSQL then plans it for
 * the rows the table holds now. The inbound queue's claim needs it: a plan kept from when the queue
 * was empty (a named statement's generic plan, costed for a table of no rows) scans the whole queue
 * once for each row in it, 14–43 ms a claim of a burst against 0.5 for the plan made for the rows.
 */
export const PLANNED_EACH_TIME = '/* planned-each-time */';

const MAX_NAMED = 500;
/** Texts seen once, kept until this many, then forgotten. */
const MAX_COUNTED = 5000;

export interface StatementNames {
  /** The name to prepare `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined;
}

export function statementNames(): StatementNames {
  const named = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    nameFor(text) {
      if (text.startsWith(PLANNED_EACH_TIME)) return undefined;
      const name = named.get(text);
      if (name !== undefined || named.size >= MAX_NAMED) return name;
      if (!seenOnce.has(text)) {
        if (seenOnce.size >= MAX_COUNTED) seenOnce.clear();
        seenOnce.add(text);
        return undefined;
      }
      seenOnce.delete(text);
      const fresh = `dipjudge_${named.size + 1}`;
      named.set(text, fresh);
      return fresh;
    },
  };
}

type Query = (...args: unknown[]) => unknown;

/** Makes `client` send recurring statements (text and an array of values, as Kysely calls it) as named ones. */
export function prepareRecurringStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  const named: Query = (...args) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = names.nameFor(text);
      if (name !== undefined) return query({ text, values, name });
    }
    return query(...args);
  };
  (client as unknown as { query: Query }).query = named;
}
