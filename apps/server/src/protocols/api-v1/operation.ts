// The shape of one /api/v1 operation (operations.ts lists them; a feature's own list, such as
// overviews.ts, is spread into that table). Types only.
import type { z } from 'zod'
import type { Scope } from '../../tenancy/session.ts'

type Localized = { pt: string; en: string }

/**
 * How an operation is answered: forwarded to an existing /api route (its JSON answer reshaped to v1's
 * names where the cookie API keeps the specification's), or by a v1 handler of its own.
 */
type Answer =
  | {
      forward: (params: Record<string, string>, query: URLSearchParams) => string
      reshape?: (body: unknown, origin: string) => unknown
    }
  | { handler: 'crawlIssues' | 'crawlPages' | 'crawlComparison' }

export interface Operation {
  id: string
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** OpenAPI form: /tasks/{id} */
  path: string
  scope: Scope
  tag: 'tasks' | 'crawls' | 'sites' | 'reports' | 'overviews'
  summary: Localized
  query?: z.ZodObject
  body?: z.ZodType
  /** Success answers: a JSON schema, or a media type for streams and files. */
  responses: Record<number, z.ZodType | 'text/event-stream' | 'application/pdf' | null>
  /** Error answers of this operation beyond the common ones (400, 401, 403, 404, 429). */
  errors?: Record<number, string>
  answer: Answer
}
