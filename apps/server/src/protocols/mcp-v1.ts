// What every MCP tool of the server shares: the /api/v1 caller's type and the compaction of an answer
// (mcp.ts builds the caller; mcp-overviews.ts and mcp.ts define the tools).

/** Calls /api/v1 as the token's identity; an error answer is thrown as a ToolError. */
export type V1 = <T>(method: string, path: string, body?: unknown) => Promise<T>

/** Arrays cut to their first items and long strings shortened, so an answer fits an agent's context. */
export function compact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => compact(v, depth + 1))
    return value.length > 10 ? [...items, `… ${value.length - 10} more`] : items
  }
  if (value && typeof value === 'object') {
    if (depth >= 4) return '…'
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v, depth + 1)]))
  }
  return value
}
