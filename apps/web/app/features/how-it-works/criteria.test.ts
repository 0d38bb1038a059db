// Server-side only: the web app never ships the engine; this test reads it to keep the page honest.
import { artifactsFromHtml } from '@farol/engine/gather/testing.ts'
import { runSeoChecks, seoChecks } from '@farol/engine/seo/index.ts'
import { describe, expect, it } from 'vitest'
import { aioCriteria, lighthouseCriteria, seoCriteria } from './criteria.ts'

describe('evaluated criteria on the how-it-works page', () => {
  it('lists exactly the on-page checks the engine runs, in its order', () => {
    const html =
      '<!doctype html><html lang="pt"><head><title>Teste</title></head><body><p>Olá</p></body></html>'
    const { findings } = runSeoChecks(artifactsFromHtml(html))
    expect(findings).toHaveLength(seoChecks.length)
    expect(seoCriteria.map((c) => c.id)).toEqual(findings.map((f) => f.id))
  })

  it('makes the "more than 20 SEO metrics" claim true', () => {
    expect(seoChecks.length).toBeGreaterThan(20)
    expect(seoCriteria.length).toBe(seoChecks.length)
  })

  it('has unique ids and both languages everywhere', () => {
    for (const list of [seoCriteria, lighthouseCriteria, aioCriteria]) {
      expect(new Set(list.map((c) => c.id)).size).toBe(list.length)
      for (const c of list) expect(c.label.pt && c.label.en).toBeTruthy()
    }
  })
})
