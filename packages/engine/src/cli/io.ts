// What a CLI command is given: its streams, environment and abort signal. Its own module so that the
// subcommands (crawl.ts, logs.ts) and the entry that dispatches to them (cli.ts) import it one way.
import type { AuditOptions, AuditResult } from '../audit.ts'

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean }
  stderr: NodeJS.WritableStream & { isTTY?: boolean }
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
  /** Replaceable for tests. */
  audit?: (url: string, opts: AuditOptions) => Promise<AuditResult>
}
