#!/usr/bin/env node
// Farol runs on the Node 24 that the project installs (the `node` package). If started by an older Node,
// re-run the same entry with the project's Node instead of failing on TypeScript syntax.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = '../src/composition/main.ts'
const target = fileURLToPath(new URL(entry, import.meta.url))
const major = Number(process.versions.node.split('.')[0])

if (major >= 24) {
  await import(target)
} else {
  const projectNode = fileURLToPath(new URL('../../../node_modules/node/bin/node', import.meta.url))
  if (!existsSync(projectNode)) {
    console.error(`Farol needs Node 24 (found ${process.versions.node}). Run npm ci first.`)
    process.exit(1)
  }
  const child = spawn(projectNode, [target, ...process.argv.slice(2)], { stdio: 'inherit' })
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
