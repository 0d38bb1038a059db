/**
 * The terms list over the engine's own words: findings, fixes and evidence are written in the engine as
 * `{ pt: '…', en: '…' }` pairs, not in the locale files, and reach every result page (the walk test found
 * "outros crawlers" in a PT finding). Each literal pair is held to its language's list.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { forbiddenTerms } from './terms.ts'

const engineSrc = new URL('../../../../packages/engine/src', import.meta.url).pathname

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === '__fixtures__' ? [] : sources(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** The single-quoted and template literals written after `pt:` or `en:` (no interpolation read). */
function literals(code: string, lang: 'pt' | 'en'): string[] {
  const found: string[] = []
  const pattern = new RegExp(`\\b${lang}:\\s*(?:'((?:[^'\\\\\\n]|\\\\.)*)'|\`([^\`]*)\`)`, 'g')
  for (const m of code.matchAll(pattern)) found.push((m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, ' '))
  return found
}

describe("the engine's words", () => {
  it('reads the pairs as written', () => {
    const code = `x = { pt: 'Os crawlers de IA', en: \`AI \${n} crawlers\` }`
    expect(literals(code, 'pt')).toEqual(['Os crawlers de IA'])
    expect(literals(code, 'en')).toEqual(['AI   crawlers'])
  })

  for (const lang of ['pt', 'en'] as const) {
    it(`use no form the terms list forbids in ${lang.toUpperCase()}`, () => {
      const hits = sources(engineSrc).flatMap((file) =>
        literals(readFileSync(file, 'utf8'), lang).flatMap((text) =>
          forbiddenTerms(lang, text).map(
            (t) => `${file.slice(engineSrc.length)}: "${text.slice(0, 70)}" (say ${t.instead})`,
          ),
        ),
      )
      expect(hits).toEqual([])
    })
  }
})
