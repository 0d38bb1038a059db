// An MCP tool as Farol defines it: a name, a description an agent can act on, a zod input shape, and a
// function that answers with a compact summary first and the data to drill into after it (an agent's
// context is small). The engine's tools and the server's are both of this shape (server.ts serves them).
import type { z } from 'zod'

export interface ToolContext {
  /** Reports progress of a long task (sent as MCP progress notifications when the client asked). */
  progress(progress: number, total: number | undefined, message: string): Promise<void>
  signal: AbortSignal
}

export interface ToolAnswer {
  /** A few lines a person or an agent reads first. */
  summary: string
  /** Compact JSON for follow-up questions (never a whole crawl or a whole Lighthouse report). */
  data: unknown
}

export interface McpTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string
  title: string
  description: string
  input: Shape
  run(args: z.infer<z.ZodObject<Shape>>, ctx: ToolContext): Promise<ToolAnswer>
}

/** A refusal the agent should read as is: a missing scope, an unconfigured provider, a bad address. */
export class ToolError extends Error {
  override name = 'ToolError'
}

export function defineTool<Shape extends z.ZodRawShape>(tool: McpTool<Shape>): McpTool {
  return tool as unknown as McpTool
}
