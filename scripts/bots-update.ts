// `npm run bots:update`: fetches each operator's published IP ranges (the URLs in the bot table, or
// <FAROL_BOT_RANGES_BASE_URL>/<name>.json from a mirror) into packages/engine/src/logs/data/ranges/, and
// dates each file in sources.json. A list that cannot be fetched or read keeps its previous copy and date;
// the command says which and exits 1 if any failed. The server refreshes its own copies on a schedule
// (apps/server/src/features/bot-logs/ranges.ts); this updates the lists shipped with the code and the CLI.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fetchRangeLists } from '../packages/engine/src/logs/ranges-fetch.ts'
import { RANGES_DIR } from '../packages/engine/src/logs/verify.ts'

const manifestPath = join(RANGES_DIR, 'sources.json')
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  note: string
  files: Record<string, { url: string; retrieved: string | null; copiedFrom?: string }>
}
const today = new Date().toISOString().slice(0, 10)
const lists = await fetchRangeLists({ base: process.env.FAROL_BOT_RANGES_BASE_URL || null })
const failed = lists.filter((l) => !l.ok)

for (const list of lists) {
  if (list.ok) {
    writeFileSync(join(RANGES_DIR, `${list.name}.json`), `${JSON.stringify(list.json, null, 2)}\n`)
    manifest.files[list.name] = { url: list.url, retrieved: today }
    console.log(`✓ ${list.name}: ${list.prefixes} prefixes from ${list.url}`)
  } else {
    console.error(`✗ ${list.name}: could not fetch ${list.url} (${list.error}); the previous copy is kept`)
  }
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
if (failed.length) {
  console.error(
    `\n${failed.length} of ${lists.length} lists not updated${
      failed.length === lists.length ? ' (is this machine offline?)' : ''
    }.`,
  )
  process.exit(1)
}
