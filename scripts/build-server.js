// Bundles the server (apps/server/src/composition/main.ts and worker.ts) into apps/server/dist/*.js for `npm start` and
// `npm run worker`. Loading ~1,500 separate modules (drizzle-orm alone is 448 files, each one a package.json
// lookup) and type-stripping our .ts files cost more than a second per start; one file per entry does not.
// Tests and `node apps/server/src/composition/main.ts` keep running the sources.
//
// Packages that load files next to themselves (PGlite's wasm and data, Playwright, Lighthouse) stay
// external, as do the ones the web build imports itself (React, React Router), so both share one copy.
// A `new URL('./file', import.meta.url)` in our sources names a file next to that source — a migrations
// folder, the Lighthouse child, a worker-thread entry — so the bundle keeps pointing at that very file
// (run from source with Node's type stripping); any other use of import.meta fails the build rather than
// resolving against dist/ by surprise.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestMtime } from './ensure-web-build.js'

const repo = path.resolve(import.meta.dirname, '..')
export const serverDist = path.join(repo, 'apps/server/dist')
const entries = {
  main: 'apps/server/src/composition/main.ts',
  worker: 'apps/server/src/composition/worker.ts',
}
const external = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'playwright-core',
  'lighthouse',
  'lighthouse/*',
  'chrome-launcher',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router',
  'pg-native',
]
// What the bundle is made of: a change to any of these rebuilds it.
const sourceDirs = ['apps/server/src', 'packages/engine/src'].map((d) => path.join(repo, d))
const sourceFiles = ['node_modules/.package-lock.json', 'scripts/build-server.js'].map((f) =>
  path.join(repo, f),
)

export function serverBuildIsStale(outdir = serverDist) {
  const built = Object.keys(entries).map((name) => path.join(outdir, `${name}.js`))
  if (!built.every(existsSync)) return true
  const builtAt = Math.min(...built.map((f) => statSync(f).mtimeMs))
  const sources = [
    ...sourceDirs.map(newestMtime),
    ...sourceFiles.filter(existsSync).map((f) => statSync(f).mtimeMs),
  ]
  return Math.max(...sources) > builtAt
}

const metaUrl = /new URL\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*,\s*import\.meta\.url\s*\)/g

function keepModuleRelativeUrls(outdir) {
  return {
    name: 'farol-module-relative-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = readFileSync(args.path, 'utf8')
        const contents = source.replace(metaUrl, (_match, quote, relative) => {
          const target = path.resolve(path.dirname(args.path), relative)
          let fromDist = path.relative(outdir, target).split(path.sep).join('/')
          if (!fromDist.startsWith('.')) fromDist = `./${fromDist}`
          if (relative.endsWith('/') && !fromDist.endsWith('/')) fromDist += '/'
          return `new URL(${quote}${fromDist}${quote}, import.meta.url)`
        })
        const rest = contents.replace(metaUrl, '')
        if (/import\.meta\b|__dirname|__filename/.test(rest)) {
          throw new Error(
            `${path.relative(repo, args.path)} uses import.meta (or __dirname) in a way the server bundle cannot keep; write paths as new URL('./relative', import.meta.url)`,
          )
        }
        return { contents, loader: 'ts' }
      })
    },
  }
}

/** Builds the bundle into outdir (default apps/server/dist), replacing each file at once. */
export async function buildServer(outdir = serverDist) {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    absWorkingDir: repo,
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, file]) => [name, path.join(repo, file)]),
    ),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external,
    // CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __farolCreateRequire } from 'node:module'; const require = __farolCreateRequire(import.meta.url);",
    },
    plugins: [keepModuleRelativeUrls(outdir)],
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  })
  mkdirSync(outdir, { recursive: true })
  // A running server may still read its files: write each one aside, then rename it into place.
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`
    writeFileSync(temp, file.contents)
    renameSync(temp, file.path)
  }
}

/** `npm start` and `npm run worker`: build the bundle when it is missing or older than its sources. */
export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return
  console.log('Bundling the server (first start or sources changed)…')
  await buildServer()
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : serverDist)
}

export const serverEntry = (name) => pathToFileURL(path.join(serverDist, `${name}.js`)).href
