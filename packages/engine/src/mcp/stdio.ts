// `farol mcp`: the engine's tools over MCP on stdin/stdout, for an assistant on the same machine. No
// server and no account: public sites only (FAROL_ALLOW_PRIVATE_TARGETS=1 allows private ones).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { allowPrivateFromEnv } from '../fetch/guard.ts'
import { engineTools } from './engine-tools.ts'
import { createMcpServer } from './server.ts'

/** Serves until the client closes stdin; resolves to the exit code. */
export async function runMcpStdio(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const server = createMcpServer(engineTools({ allowPrivate: allowPrivateFromEnv(env) }))
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
    process.stdin.once('end', () => resolve())
  })
  await server.connect(transport)
  await closed
  await server.close().catch(() => {})
  return 0
}
