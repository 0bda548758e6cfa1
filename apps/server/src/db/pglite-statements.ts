import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** PGlite's module, loaded only when the embedded database is used (db/client.ts). */
type PgliteModule = typeof import("@electric-sql/pglite");
type BackendMessage = Parameters<PgliteModule["parse"]["parseResults"]>[0][number];

/** A statement parsed once under a name: its parameters' types and the description of its rows. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** The RowDescription message its Describe gave (none for a statement without rows). */
  rowDescription: BackendMessage[];
}

/**
 * The statements kept parsed: the code's statement shapes are a bounded set (a list bound as `in ($1, $2, …)` makes
 * one text per length), so the least recently used are closed past this count; each one holds its parse tree in the
 * database's memory, which never shrinks.
 */
export const NAMED_STATEMENTS_MAX = 200;

/**
 * Texts planned at each call for its values (`planEachCall`): the statements over a time window, whose best plan
 * depends on its length. A set of the code's statement shapes; the cap only guards memory against a mistake.
 */
const plannedEachCall = new Set<string>();
const PLANNED_EACH_CALL_MAX = 1000;

/**
 * Marks `text` to be planned at every call on the embedded database, as every statement is on PostgreSQL
 * (`plan_cache_mode=force_custom_plan`); other statements may run on a generic plan once PostgreSQL finds it no
 * costlier than planning each call (`plan_cache_mode=auto`).
 */
export function planEachCall(text: string): void {
  if (plannedEachCall.has(text)) return;
  if (plannedEachCall.size >= PLANNED_EACH_CALL_MAX) plannedEachCall.clear();
  plannedEachCall.add(text);
}

/** The query options drizzle passes, the only ones a named statement runs with. */
const SUPPORTED_OPTIONS = new Set(["rowMode", "parsers", "serializers"]);

/**
 * Makes `client.query` (and a transaction's `tx.query`) run each text as a named prepared statement, parsed and
 * described once, then bound, executed and synced in one message to the database. PGlite's own `query` parses,
 * describes, binds, describes, executes and syncs each call in six calls into WebAssembly; on a fleet that was most
 * of the embedded database's time (bench/README.md, "Named statements on the embedded database"). A named statement
 * may run on PostgreSQL's generic plan once it finds it no costlier (`plan_cache_mode=auto`); texts marked with
 * `planEachCall` are planned at every call for their values, as the unnamed statement. Results are the same as
 * `query`'s: rows parsed by PGlite's parsers, in the row mode asked for.
 */
export function runStatementsByName(
  client: PGlite,
  pglite: PgliteModule,
  max = NAMED_STATEMENTS_MAX,
): { size(): number } {
  const { serialize } = pglite.protocol;
  const { parseResults, parseDescribeStatementResults } = pglite.parse;
  /** By text, least recently used first (a Map keeps insertion order). */
  const statements = new Map<string, Statement>();
  /** Names evicted but not yet closed: closed at the head of the next message. */
  const toClose: string[] = [];
  let serial = 0;

  const send = (parts: Uint8Array[]) => client.execProtocolStream(Buffer.concat(parts), { syncToFs: false });

  async function describe(text: string, closing: Uint8Array[]): Promise<Statement> {
    const name = `s${++serial}`;
    const messages = await send([
      ...closing,
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    return {
      name,
      paramTypes: parseDescribeStatementResults(messages),
      rowDescription: messages.filter((m) => m.name === "rowDescription"),
    };
  }

  function remember(text: string, statement: Statement) {
    statements.set(text, statement);
    if (statements.size <= max) return;
    const [oldest] = statements;
    if (!oldest) return;
    statements.delete(oldest[0]);
    toClose.push(oldest[1].name);
  }

  function values(statement: Statement, params: unknown[], options?: QueryOptions) {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
  }

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    for (const key of Object.keys(options ?? {}))
      if (!SUPPORTED_OPTIONS.has(key))
        throw new Error(`query option ${key} is not supported by named statements`);
    return client._runExclusiveQuery(async () => {
      const closing = toClose.splice(0).map((name) => serialize.close({ type: "S", name }));
      let statement = statements.get(text);
      try {
        if (statement)
          statements.delete(text); // touched: moved to the end of the order below
        else statement = await describe(text, closing.splice(0));
        remember(text, statement);
        const bound = values(statement, params, options);
        const messages = await send([
          ...closing,
          ...(plannedEachCall.has(text)
            ? // the unnamed statement, parsed with the types its named twin was given, is planned for these values
              [serialize.parse({ text, types: statement.paramTypes }), serialize.bind({ values: bound })]
            : [serialize.bind({ statement: statement.name, values: bound })]),
          serialize.execute({}),
          serialize.sync(),
        ]);
        if (!client.isInTransaction()) await client.syncToFs();
        return parseResults(
          [...statement.rowDescription, ...messages],
          client.parsers,
          options,
        )[0] as Results<T>;
      } catch (err) {
        // which statement failed, without its values (they may be personal data)
        if (err instanceof pglite.protocol.messages.DatabaseError) Object.assign(err, { query: text });
        throw err;
      }
    });
  }

  const transaction = client.transaction.bind(client);
  Object.defineProperties(client, {
    query: {
      configurable: true,
      value: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
        await client._checkReady();
        return client._runExclusiveTransaction(() => run<T>(text, params, options));
      },
    },
    transaction: {
      configurable: true,
      value: <T>(callback: (tx: Transaction) => Promise<T>) =>
        transaction((tx) => {
          const named: Transaction = Object.create(tx, {
            query: {
              value: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
                if (tx.closed) throw new Error("Transaction is closed");
                return run<R>(text, params, options);
              },
            },
          });
          return callback(named);
        }),
    },
  });
  return { size: () => statements.size };
}
