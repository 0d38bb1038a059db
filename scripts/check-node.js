// npm scripts run the project's own Node (the `node` devDependency puts Node 24 first on PATH).
// If that did not happen — npm ci not run, or a global npm bypassing it — say so plainly.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Farol needs Node 24, which npm ci installs into node_modules (found ${process.versions.node}). Run npm ci, then use npm scripts.`,
  )
  process.exit(1)
}
