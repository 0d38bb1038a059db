/**
 * Issue 25: a page showed raw keys (`dashboard.kinds.llm_presence`) and the Portuguese interface had
 * Brazilian forms ("Analisando...", "Alterar senha", "digite uma URL"). This test reads every component's
 * `t('…')` calls, resolves each against the namespace its translator was made for (the nearest
 * `useTranslation('ns')` above it in the file, or an `ns:` prefix) and fails on a key either language
 * lacks; a call with a template key needs its fixed prefix to exist. It also fails on a list of pt-BR
 * forms anywhere in the Portuguese locale.
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

/** Brazilian forms a pt-PT interface does not use, with the Portuguese one to write instead. */
const brazilian: [RegExp, string][] = [
  [/\bsenha/i, 'palavra-passe'],
  [/\bcadastr/i, 'registo / registar'],
  [/\bdigite\b/i, 'insira / escreva'],
  [/\buma URL\b/, 'um URL'],
  [
    /\b(Analisando|Processando|Carregando|Enviando|Salvando|Gerando|Verificando|Buscando|Aguardando|Atualizando|Conectando|Pesquisando)\b/,
    'A analisar… (a + infinitivo)',
  ],
  [/\busuário/i, 'utilizador'],
  [/\bacessar\b/i, 'aceder'],
  [/\bcelular\b/i, 'telemóvel'],
  [/\btela\b/i, 'ecrã'],
  [/\bequipe\b/i, 'equipa'],
  [/\barquivo/i, 'ficheiro'],
  [/\bsalvar\b/i, 'guardar'],
  [/\bregistro\b/i, 'registo'],
  [/\bcontato\b/i, 'contacto'],
  [/\bgerenciar\b/i, 'gerir'],
  [/\bvocê\b/i, '(sem pronome) / o senhor'],
  [/\bdesconectado\b/i, 'terminou a sessão'],
  [/(^|[.!?]\s+)(Seu|Sua|Seus|Suas)\b/, 'O seu / A sua'],
  [/\b(Verifique|Confirme|Insira|Altere) (seu|sua)\b/i, 'o seu / a sua'],
]

function strings(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === 'string') return [[path.join('.'), value]]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]))
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

  it('the Portuguese locale has no Brazilian forms', () => {
    const found: string[] = []
    for (const [ns, json] of Object.entries(resources.pt)) {
      for (const [key, text] of strings(json)) {
        for (const [form, instead] of brazilian)
          if (form.test(text)) found.push(`${ns}:${key} "${text}" (${form.source} → ${instead})`)
      }
    }
    expect(found).toEqual([])
  })
})
