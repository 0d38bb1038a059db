// `farol crawl --store` runs PGlite (PostgreSQL compiled to WebAssembly) in the CLI's process. V8 compiles
// its 9 MB module with Liftoff, then recompiles the hot functions with TurboFan in the background: that
// code and its compilation held ~330 MB more at the peak (10,000 pages: maxRSS 956 MB, 628 MB with Liftoff
// only), for ~25% less CPU. The memory goal (issue 42 item 4: <= 1 GB at 100,000 pages) wins, so the
// command runs under V8's --liftoff-only (decision 043); a V8 flag set at run time does not change
// how an already started Node compiles, so main.ts starts the command again with it.

export const LIFTOFF_ONLY = '--liftoff-only'

/** Whether the command is `farol crawl … --store <dir>`. */
export function needsLiftoff(args: readonly string[]): boolean {
  return args[0] === 'crawl' && args.some((a) => a === '--store' || a.startsWith('--store='))
}
