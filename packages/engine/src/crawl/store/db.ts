// What the page store needs of a database: drizzle's `execute` and `transaction`, on PGlite or PostgreSQL.
// The server passes its drizzle database (apps/server/src/platform/db/database.ts), the CLI its --store PGlite.
import type { SQL } from 'drizzle-orm'

export interface Db {
  execute(query: SQL): PromiseLike<unknown>
  transaction<T>(run: (tx: Db) => Promise<T>): Promise<T>
}
