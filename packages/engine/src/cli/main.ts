// Process entry of the `farol` CLI (bin/farol.js imports it). Ctrl-C aborts the audit, which kills a
// running Lighthouse child and its Chromium before exiting.
import { spawn } from 'node:child_process'
import { LIFTOFF_ONLY, needsLiftoff } from './liftoff.ts'

const args = process.argv.slice(2)
if (needsLiftoff(args) && !process.execArgv.includes(LIFTOFF_ONLY)) {
  // `farol crawl --store`: the same command again in a Node whose WebAssembly stays on Liftoff code
  // (decision 043). In a process group of its own, so a Ctrl-C reaches it once, from here.
  const child = spawn(process.execPath, [LIFTOFF_ONLY, ...process.execArgv, import.meta.filename, ...args], {
    stdio: 'inherit',
    detached: true,
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
  child.once('exit', (code, signal) =>
    process.exit(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1)),
  )
} else {
  const { runCli } = await import('./cli.ts')
  const controller = new AbortController()
  let interrupts = 0
  process.on('SIGINT', () => {
    // Second Ctrl-C: leave at once.
    if (++interrupts > 1) process.exit(130)
    controller.abort(new Error('interrupted'))
  })

  const code = await runCli(args, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    signal: controller.signal,
  })
  // Exit explicitly: keep-alive sockets of the HTTP client would otherwise hold the process open.
  process.exit(code)
}
