import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// Building a kysely query and compiling it to SQL costs the judge's larger reads some 100–150 µs
// of CPU each (a game whole is four JSON sub-selects), paid again by every claim of mail: with a
// mail or two per claim, as when mail comes steadily, that is a few per cent of a mail's CPU. A
// read whose shape never changes is built and compiled once, with a stand-in for each value it
// takes, and each call only puts its values in place of the stand-ins. The SQL text is the same
// every call, so it also stays one named statement (prepared-statements.ts).

/** A read built once (`build` is given stand-ins in place of its arguments); run it with real ones. */
export function keptQuery<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  let kept: { readonly compiled: CompiledQuery<Row>; readonly standIns: readonly object[] } | null = null;
  return async (db, ...args) => {
    if (kept === null) {
      const standIns = args.map((_, index) => Object.freeze({ standInFor: index }));
      const compiled = build(db, ...(standIns as unknown as Args)).compile();
      // A stand-in kysely did not pass as a parameter of its own (inside an array, say) would be
      // sent as it is: a mistake of `build`, caught on its first call.
      for (const standIn of standIns)
        if (!compiled.parameters.includes(standIn)) throw new Error(`keptQuery: argument ${standIns.indexOf(standIn)} is not a parameter of the query`);
      kept = { compiled, standIns };
    }
    const { compiled, standIns } = kept;
    const parameters = compiled.parameters.map((value) => {
      const index = standIns.indexOf(value as object);
      return index < 0 ? value : args[index];
    });
    const result = await db.executeQuery<Row>({ ...compiled, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
