import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type AuditResult, auditScores } from '../audit.ts'
import { engineErrors } from '../errors.ts'
import { mapLighthouseResult } from '../lighthouse/map.ts'
import type { LighthouseResult } from '../lighthouse/types.ts'
import type { Finding } from '../types.ts'
import { renderReport } from './report.ts'

/** Start of an ANSI colour sequence. */
const ESC = '\u001b['

const lhr = JSON.parse(
  readFileSync(new URL('../lighthouse/__fixtures__/lhr-mobile.json', import.meta.url), 'utf8'),
) as LighthouseResult

function finding(id: string, verdict: Finding['verdict'], pt: string, en: string): Finding {
  return {
    id,
    category: 'seo',
    verdict,
    score: null,
    title: { pt, en },
    description: { pt, en },
    evidence: [
      { signal: { pt: 'comprimento', en: 'length' }, value: 72, target: { pt: '30-60', en: '30-60' } },
    ],
    impact: 'high',
  }
}

const aio = {
  scores: { overall: 55, human_readability: 70, llm_interpretability: 40, logical_structure: 60 },
  strengths: [{ title: { pt: 'Dados estruturados válidos', en: 'Valid structured data' } }],
  weaknesses: [{ explanation: { pt: 'Sem autor identificado', en: 'No author identified' } }],
  recommendations: [
    {
      title: { pt: 'Indique o autor', en: 'Name the author' },
      explanation: { pt: 'Adicione author ao JSON-LD', en: 'Add author to the JSON-LD' },
    },
  ],
} as unknown as AuditResult['aio']

const lighthouse: AuditResult['lighthouse'] = {
  desktop: mapLighthouseResult(lhr, { title: 'T', description: '' }),
  mobile: null,
  errors: { mobile: { code: 'LIGHTHOUSE_TIMEOUT', message: engineErrors.LIGHTHOUSE_TIMEOUT, detail: 'x' } },
}

const result: AuditResult = {
  url: 'http://example.test/',
  finalUrl: 'https://example.test/',
  fetchedAt: '2026-01-01T00:00:00.000Z',
  lang: 'en',
  onPage: {
    findings: [
      finding('document-title', 'warn', 'Título longo', 'Long title'),
      finding('meta-description', 'fail', 'Sem descrição', 'No description'),
      finding('viewport', 'pass', 'Viewport', 'Viewport'),
    ],
    summary: {} as AuditResult['onPage']['summary'],
    score: 72,
  },
  aio,
  lighthouse,
  scores: auditScores(72, 55, lighthouse),
}

describe('renderReport', () => {
  it('has every section, failures first, in the chosen language, without colours when asked', () => {
    const en = renderReport(result, 'en', false)
    expect(en).not.toContain(ESC)
    for (const s of [
      'Farol report',
      'Scores',
      'On-page SEO (72)',
      'AI optimisation (AIO) (55)',
      'Lighthouse',
    ]) {
      expect(en).toContain(s)
    }
    expect(en).toContain('Final URL: https://example.test/')
    expect(en.indexOf('No description')).toBeLessThan(en.indexOf('Long title'))
    expect(en).toContain('1 checks passed: viewport')
    expect(en).toContain('Render-blocking requests')
    expect(en).toContain(engineErrors.LIGHTHOUSE_TIMEOUT.en)
    expect(en).toContain('no data (connect an LLM provider)')

    const pt = renderReport({ ...result, lang: 'pt' }, 'pt', false)
    expect(pt).toContain('Relatório Farol')
    expect(pt).toContain('Sem descrição')
    expect(pt).toContain(engineErrors.LIGHTHOUSE_TIMEOUT.pt)
  })

  it('prints the AIO strengths, weaknesses and recommendations in the chosen language, not the audit one', () => {
    // The audit ran in Portuguese; the report is asked in English, and the other way round.
    const en = renderReport({ ...result, lang: 'pt' }, 'en', false)
    for (const s of ['Strengths', 'Valid structured data', 'No author identified', 'Name the author']) {
      expect(en).toContain(s)
    }
    expect(en).toContain('Add author to the JSON-LD')
    expect(en).not.toContain('Dados estruturados válidos')
    const pt = renderReport({ ...result, lang: 'en' }, 'pt', false)
    for (const s of [
      'Pontos fortes',
      'Dados estruturados válidos',
      'Sem autor identificado',
      'Indique o autor',
    ]) {
      expect(pt).toContain(s)
    }
    expect(pt).not.toContain('Valid structured data')
  })

  it('still prints AIO lists stored as plain strings (results from before they were bilingual)', () => {
    const old = {
      ...aio,
      strengths: [{ title: 'Dados estruturados válidos' }],
      weaknesses: [{ explanation: 'Sem autor identificado' }],
      recommendations: [{ title: 'Indique o autor', explanation: 'Adicione author ao JSON-LD' }],
    } as unknown as AuditResult['aio']
    const out = renderReport({ ...result, aio: old }, 'en', false)
    for (const s of ['Dados estruturados válidos', 'Sem autor identificado', 'Indique o autor']) {
      expect(out).toContain(s)
    }
  })

  it('says first when a 4xx/5xx document was not audited as content, and why', () => {
    const why = {
      pt: 'A página respondeu com o código HTTP 403.',
      en: 'The page answered with HTTP status 403.',
    }
    const out = renderReport(
      { ...result, onPage: { ...result.onPage, notAudited: why }, aio: { ...aio, notAudited: why } },
      'en',
      false,
    )
    expect(out.match(/The page answered with HTTP status 403\./g)).toHaveLength(2)
    expect(out.indexOf('HTTP status 403')).toBeLessThan(out.indexOf('No description'))
    expect(renderReport(result, 'en', false)).not.toContain('HTTP status 403')
  })

  it('colours scores when asked', () => {
    expect(renderReport(result, 'en', true)).toContain(ESC)
  })
})
