// `npm run typecheck`: the four projects' type-checks, two at a time (one per core). Each prints its own
// errors; the script fails when any of them does.
import { spawn } from 'node:child_process'

const checks = [
  ['npx', ['tsc', '-p', 'apps/server']],
  ['npx', ['tsc', '-p', 'packages/engine']],
  ['npm', ['run', 'typecheck', '-w', 'apps/web']],
  ['npx', ['tsc', '-p', 'bench']],
]

function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' })
    child.on('close', (code) => resolve(code === 0))
  })
}

const queue = [...checks]
const lane = async () => {
  let ok = true
  while (queue.length > 0) ok = (await run(queue.shift())) && ok
  return ok
}
const results = await Promise.all([lane(), lane()])
process.exit(results.every(Boolean) ? 0 : 1)
