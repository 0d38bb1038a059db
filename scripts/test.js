// `npm test`: lint, build, then Vitest with the type-check beside it, then the end-to-end tests.
// Vitest leaves about a third of the 2 cores idle (its files wait on servers, fixture sites and the one
// Lighthouse run at a time), which the type-check's ~40 s fill (decision 054). The type-check's output is
// held back and printed as soon as it ends, so it never interleaves with Vitest's lines; any failure fails
// the run, and the end-to-end tests start only when everything before them passed.
import { spawn } from 'node:child_process'

/** Runs a command; `quiet` keeps its output to print at the end. Resolves to { ok, output }. */
function run(command, args, { quiet = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env })
    let output = ''
    if (quiet) {
      child.stdout.on('data', (chunk) => {
        output += chunk
      })
      child.stderr.on('data', (chunk) => {
        output += chunk
      })
    }
    child.on('close', (code) => resolve({ ok: code === 0, output }))
  })
}

const step = async (command, args, options) => {
  if (!(await run(command, args, options)).ok) process.exit(1)
}

await step('node', ['scripts/check-node.js'])
await step('npm', ['run', 'lint'])
await step('npm', ['run', 'build'])

const typecheck = run('npm', ['run', 'typecheck'], { quiet: true }).then((result) => {
  if (result.ok) console.log('\ntypecheck (run beside Vitest): passed\n')
  else console.error(`\ntypecheck (run beside Vitest): FAILED\n${result.output}`)
  return result.ok
})
const vitest = await run('node', ['scripts/vitest.js'])
const typesOk = await typecheck
if (!vitest.ok || !typesOk) process.exit(1)

await step('npm', ['run', 'test:e2e'], { env: { ...process.env, FAROL_E2E_BUILT: '1' } })
