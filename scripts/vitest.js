// `vitest run`, once more for a file whose worker process died by a signal (decision 038).
// V8 now and then kills a process running PGlite's WebAssembly (SIGTRAP or SIGSEGV, nodejs/node#64500);
// Vitest then reports no failed test, only that the worker exited. Such a file runs again once, alone.
// A failed test, or a second crash, fails the run as before.
import { spawn } from 'node:child_process'
import { crashedFiles, hasFailedTests } from './vitest-crashes.js'

const args = process.argv.slice(2)
const first = await run(['run', ...args])
if (first.code === 0) process.exit(0)

const crashed = crashedFiles(first.output)
if (crashed.length === 0 || hasFailedTests(first.output)) process.exit(first.code)

for (const { file, signal } of crashed) {
  console.error(
    `\nvitest: the worker running ${file} died by ${signal} (not a test failure); running it again once.\n`,
  )
}
const again = await run(['run', ...crashed.map((c) => c.file)])
process.exit(again.code)

/** Runs Vitest, passing its output through while keeping a copy to read afterwards. */
function run(vitestArgs) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', ...vitestArgs], { stdio: ['inherit', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk)
      output += chunk
    })
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }))
  })
}
