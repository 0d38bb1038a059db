/**
 * Issue 25: a page showed raw keys (`dashboard.kinds.llm_presence`). This test reads every component's
 * `t('…')` calls, resolves each against the namespace its translator was made for (the nearest
 * `useTranslation('ns')` above it in the file, or an `ns:` prefix) and fails on a key either language
 * lacks; a call with a template key needs its fixed prefix to exist. The words (Brazilian forms
 * included) are terms.test.ts's, over the list in terms.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const appDir = new URL('..', import.meta.url).pathname
const locales = (lang: string) => {
  const dir = join(appDir, 'locales', lang)
  const out: Record<string, unknown> = {}
  for (const f of readdirSync(dir))
    out[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, f), 'utf8'))
  return out
}
const resources = { pt: locales('pt'), en: locales('en') }

function lookup(root: unknown, path: string): unknown {
  let cur = root
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[part]
  }
  return cur
}

/** A key exists as a string, or as plural forms (`key_one`, `key_other`). */
function hasKey(ns: unknown, key: string): boolean {
  if (typeof lookup(ns, key) === 'string') return true
  return typeof lookup(ns, `${key}_other`) === 'string'
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

interface Use {
  file: string
  ns: string
  key: string
  /** The key was a template: only its fixed start is known (`a.b.` an object, `a.bX` a key starting so). */
  prefix: boolean
}

/** Every `t('…')` (and `tc`, `tSuite`…) call whose translator's namespace is known. */
export function keyUses(file: string, text: string): Use[] {
  const uses: Use[] = []
  const bound = new Map<string, string>()
  const binding = /const \{([^}]*)\} = useTranslation\((?:'([\w-]+)')?\)/g
  const call = /\b(t\w*)\(\s*(['`])([\w.:-]+)(\$\{)?/g
  const events: { at: number; run: () => void }[] = []
  for (const m of text.matchAll(binding)) {
    events.push({
      at: m.index,
      run: () => {
        for (const part of m[1]!.split(',')) {
          const [name, alias] = part.split(':').map((s) => s.trim())
          if (name === 't') bound.set(alias || 't', m[2] ?? 'common')
        }
      },
    })
  }
  for (const m of text.matchAll(call)) {
    events.push({
      at: m.index,
      run: () => {
        const [, fn, quote, raw, template] = m
        let key = raw!
        let ns = bound.get(fn!)
        const colon = key.indexOf(':')
        if (colon > 0) {
          ns = key.slice(0, colon)
          key = key.slice(colon + 1)
        }
        if (!ns) return
        const prefix = quote === '`' && Boolean(template)
        if (!key) return
        uses.push({ file, ns, key, prefix })
      },
    })
  }
  for (const e of events.sort((a, b) => a.at - b.at)) e.run()
  return uses
}

describe('locale keys and Portuguese', () => {
  const uses = sourceFiles(appDir).flatMap((file) => keyUses(file, readFileSync(file, 'utf8')))

  it('reads the calls of the components (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(500)
    const code = ["const { t: tc } = useTranslation('core')", "tc('cwv.tbt')", "t('before.binding')"]
    const sample = keyUses('x.tsx', code.join('\n'))
    expect(sample).toEqual([{ file: 'x.tsx', ns: 'core', key: 'cwv.tbt', prefix: false }])
  })

  for (const lang of ['pt', 'en'] as const) {
    it(`every key a page asks for exists in ${lang}`, () => {
      const missing = uses
        .filter((u) => {
          const ns = resources[lang][u.ns]
          if (u.prefix) {
            const dot = u.key.lastIndexOf('.')
            const parent = dot < 0 ? ns : lookup(ns, u.key.slice(0, dot))
            const stem = u.key.slice(dot + 1)
            return (
              !parent || typeof parent !== 'object' || !Object.keys(parent).some((k) => k.startsWith(stem))
            )
          }
          return !hasKey(ns, u.key)
        })
        .map((u) => `${u.file.replace(appDir, '')}: ${u.ns}:${u.key}${u.prefix ? '.*' : ''}`)
      expect([...new Set(missing)]).toEqual([])
    })
  }
})
