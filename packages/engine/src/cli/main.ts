// Process entry of the `farol` CLI (bin/farol.js imports it). Ctrl-C aborts the audit, which kills a
// running Lighthouse child and its Chromium before exiting.
import { runCli } from './cli.ts'

const controller = new AbortController()
let interrupts = 0
process.on('SIGINT', () => {
  // Second Ctrl-C: leave at once.
  if (++interrupts > 1) process.exit(130)
  controller.abort(new Error('interrupted'))
})

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: controller.signal,
})
// Exit explicitly: keep-alive sockets of the HTTP client would otherwise hold the process open.
process.exit(code)
