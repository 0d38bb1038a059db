// `npm run bots:update`: fetches each operator's published IP ranges (the URLs in the bot table) into
// packages/engine/src/logs/data/ranges/, and dates each file in sources.json. A list that cannot be
// fetched or read keeps its previous copy and date; the command says which and exits 1 if any failed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RANGE_SOURCES } from '../packages/engine/src/logs/bots-table.ts'
import { parseRangeFile, RANGES_DIR } from '../packages/engine/src/logs/verify.ts'

const manifestPath = join(RANGES_DIR, 'sources.json')
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  note: string
  files: Record<string, { url: string; retrieved: string | null; copiedFrom?: string }>
}
const today = new Date().toISOString().slice(0, 10)
const failed: string[] = []

for (const [name, url] of Object.entries(RANGE_SOURCES)) {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(15_000),
      headers: { accept: 'application/json' },
    })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const json = await res.json()
    const set = parseRangeFile(name, json, today)
    if (!set.cidrs.length) throw new Error('no prefixes in the answer')
    writeFileSync(join(RANGES_DIR, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`)
    manifest.files[name] = { url, retrieved: today }
    console.log(`✓ ${name}: ${set.cidrs.length} prefixes from ${url}`)
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code
    failed.push(name)
    console.error(
      `✗ ${name}: could not fetch ${url} (${cause ?? (e as Error).message}); the previous copy is kept`,
    )
  }
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
if (failed.length) {
  console.error(
    `\n${failed.length} of ${Object.keys(RANGE_SOURCES).length} lists not updated${
      failed.length === Object.keys(RANGE_SOURCES).length ? ' (is this machine offline?)' : ''
    }.`,
  )
  process.exit(1)
}
