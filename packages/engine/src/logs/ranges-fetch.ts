// Fetching the operators' published IP lists (the bot table's RANGE_SOURCES): `npm run bots:update`
// writes them into data/ranges/, the server's scheduled job keeps them in its database. A mirror can stand
// in for the operators (a base URL serving <name>.json: a machine without internet, the tests' fake).
import { RANGE_SOURCES } from './bots-table.ts'
import { parseRangeFile } from './verify.ts'

export type FetchedList =
  | { name: string; url: string; ok: true; json: unknown; prefixes: number }
  | { name: string; url: string; ok: false; error: string }

/** Where list `name` is fetched from: the operator's URL, or `<base>/<name>.json` when a mirror is set. */
export function rangeListUrl(name: string, base: string | null = null): string {
  if (base) return `${base.replace(/\/+$/, '')}/${name}.json`
  const url = RANGE_SOURCES[name]
  if (!url) throw new Error(`no published list named ${name}`)
  return url
}

/**
 * Every list (or `names`), each fetched once with a timeout and read as the verifier reads it: a list
 * that cannot be fetched, is not JSON or holds no prefix is a failure with its reason, never an empty list.
 */
export async function fetchRangeLists(
  options: { base?: string | null; names?: string[]; timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<FetchedList[]> {
  const get = options.fetch ?? fetch
  const names = options.names ?? Object.keys(RANGE_SOURCES)
  return Promise.all(
    names.map(async (name): Promise<FetchedList> => {
      const url = rangeListUrl(name, options.base ?? null)
      try {
        const res = await get(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
          headers: { accept: 'application/json' },
        })
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        const json: unknown = await res.json()
        const set = parseRangeFile(name, json, null)
        if (!set.cidrs.length) throw new Error('no prefixes in the answer')
        return { name, url, ok: true, json, prefixes: set.cidrs.length }
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause?.code
        return { name, url, ok: false, error: cause ?? (e as Error).message }
      }
    }),
  )
}
