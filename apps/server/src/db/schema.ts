// Farol's tables. Every change here gets a committed SQL migration (`npm run db:generate`).
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * One row per data directory or database, written by the first start. Health reports it so an operator
 * can tell which database a process is attached to (several workers on one PostgreSQL share one id).
 */
export const instance = pgTable('instance', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
})
