// `npm start` builds the web app only when the build is missing or older than its sources, so a
// second start is fast (cold start on an existing data directory stays within a few seconds).
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const repo = path.resolve(import.meta.dirname, '..')
const web = path.join(repo, 'apps/web')
const builtEntry = path.join(web, 'build/server/index.js')

/** The newest modification time of any file below dir (also used by build-server.js). */
export function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const t = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs
    if (t > newest) newest = t
  }
  return newest
}

export function ensureWebBuild() {
  const sources = ['app', 'public'].map((d) => path.join(web, d)).filter(existsSync)
  const stale =
    !existsSync(builtEntry) || Math.max(...sources.map(newestMtime)) > statSync(builtEntry).mtimeMs
  if (stale) {
    console.log('Building the web app (first start or sources changed)…')
    execSync('npm run build', { stdio: 'inherit', cwd: repo })
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) ensureWebBuild()
