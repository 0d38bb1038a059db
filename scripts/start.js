// `npm start` (and `npm run worker` with the argument `worker`): one Node process that checks the Node
// version, builds what is missing or stale (web app, server bundle), then runs the bundled server in
// this same process — each extra `node` launch would add to the cold start.
const entry = process.argv[2] === 'worker' ? 'worker' : 'main'
// Plain syntax and no static imports up to here, so an old Node reaches the message below.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Farol needs Node 24, which npm ci installs into node_modules (found ${process.versions.node}). Run npm ci, then use npm scripts.`,
  )
  process.exit(1)
}

const path = await import('node:path')
const { enableCompileCache } = await import('node:module')
const { ensureServerBuild, serverEntry } = await import('./build-server.js')
if (entry === 'main') {
  const { ensureWebBuild } = await import('./ensure-web-build.js')
  ensureWebBuild()
}
await ensureServerBuild()
// npm does not pass SIGTERM on to us (its shell dies and we are left running, holding the port and the
// database). When the parent goes away, shut down as if we had been sent SIGTERM ourselves.
const parent = process.ppid
const orphaned = setInterval(() => {
  if (process.ppid === parent) return
  clearInterval(orphaned)
  process.kill(process.pid, 'SIGTERM')
}, 500).unref()
// V8 keeps the compiled code of the bundle (and of the web build it loads) between starts.
enableCompileCache(path.resolve(import.meta.dirname, '../node_modules/.cache/farol-compile'))
await import(serverEntry(entry))
