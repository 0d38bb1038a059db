#!/usr/bin/env node
// `farol` entry point. Plain JavaScript so any Node can start it: the CLI itself is TypeScript run
// directly by Node 24 (type stripping) and Lighthouse 13 needs Node 22.19+. When started by an older or
// type-unaware Node (the machines have Node 20), re-run this file with the Node 24 binary the project pins
// (the `node` devDependency at node_modules/node/bin/node).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const self = fileURLToPath(import.meta.url)
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const capable = (major > 22 || (major === 22 && minor >= 19)) && Boolean(process.features?.typescript)

function findPinnedNode() {
  for (let dir = dirname(self); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', 'node', 'bin', 'node')
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) return null
  }
}

if (capable) {
  await import(pathToFileURL(join(dirname(self), '..', 'src', 'cli', 'main.ts')).href)
} else {
  const pinned = findPinnedNode()
  if (!pinned || process.env.FAROL_REEXEC === '1') {
    process.stderr.write(
      `farol needs Node.js 22.19 or newer with TypeScript support (this is ${process.version}). ` +
        'Run `npm install` in the repository to get the pinned Node 24.\n',
    )
    process.exit(2)
  }
  const result = spawnSync(pinned, [self, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, FAROL_REEXEC: '1' },
  })
  if (result.error) {
    process.stderr.write(`farol: could not start ${pinned}: ${result.error.message}\n`)
    process.exit(2)
  }
  process.exit(result.status ?? 2)
}
