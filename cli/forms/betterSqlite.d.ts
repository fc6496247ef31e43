/**
 * The part of better-sqlite3's API the forms store uses. The package ships no types and
 * @types/better-sqlite3 is not a dependency; replace this file with it if more of the API is needed.
 */
declare module 'better-sqlite3' {
  interface RunResult {
    changes: number;
    lastInsertRowid: number | bigint;
  }

  interface Statement<Row = Record<string, unknown>> {
    /** True when the statement returns rows (a SELECT, or RETURNING). */
    readonly reader: boolean;
    run(...parameters: unknown[]): RunResult;
    get(...parameters: unknown[]): Row | undefined;
    all(...parameters: unknown[]): Row[];
  }

  interface Database {
    readonly name: string;
    readonly open: boolean;
    prepare<Row = Record<string, unknown>>(source: string): Statement<Row>;
    exec(source: string): this;
    pragma(source: string, options?: { simple?: boolean }): unknown;
    transaction<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R;
    /** SQLite's online backup into a new file, page by page while the database stays in use. */
    backup(destinationFile: string): Promise<unknown>;
    close(): this;
  }

  interface DatabaseConstructor {
    new (filename: string, options?: { readonly?: boolean; fileMustExist?: boolean }): Database;
  }

  const Database: DatabaseConstructor;
  export default Database;
  export type { Database, Statement, RunResult };
}
