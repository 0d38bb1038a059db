// Serves Farol's tools over MCP with the official SDK: each tool's answer is its summary, then its data
// as JSON; a refusal or a failed audit is a tool error (isError) with a clear message, never a protocol
// error, so the agent can tell the user why.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { isEngineError } from '../errors.ts'
import type { Lang } from '../types.ts'
import { type McpTool, ToolError } from './tool.ts'

export const farolMcpInfo = { name: 'farol', version: '0.1.0' }

export function createMcpServer(tools: McpTool[], options: { lang?: Lang } = {}): McpServer {
  const server = new McpServer(farolMcpInfo, {
    instructions:
      'Farol audits websites for SEO and AI optimisation (AIO). Start with audit_page for one page or crawl_site for a whole site; answers begin with a short summary, followed by JSON to drill into.',
  })
  const lang = options.lang ?? 'en'
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input },
      async (args: Record<string, unknown>, extra) => {
        const token = extra._meta?.progressToken
        const ctx = {
          signal: extra.signal,
          async progress(progress: number, total: number | undefined, message: string) {
            if (token === undefined) return
            await extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress, ...(total ? { total } : {}), message },
              })
              .catch(() => {})
          },
        }
        try {
          const answer = await tool.run(args as never, ctx)
          return {
            content: [
              { type: 'text' as const, text: answer.summary },
              { type: 'text' as const, text: JSON.stringify(answer.data) },
            ],
          }
        } catch (error) {
          const message =
            error instanceof ToolError
              ? error.message
              : isEngineError(error)
                ? `${error.localizedMessage(lang)} (${error.code})`
                : `Farol could not answer: ${error instanceof Error ? error.message : String(error)}`
          return { isError: true, content: [{ type: 'text' as const, text: message }] }
        }
      },
    )
  }
  return server
}
