import { describe, expect, it } from 'vitest'
import type { Finding } from '../types.ts'
import {
  descriptionScore,
  headingScore,
  llmPresenceLevel,
  metaScore,
  onPageSeoScore,
  overallScore,
  performanceColour,
  rateCls,
  rateFcp,
  rateFid,
  rateInp,
  rateLcp,
  rateTbt,
  scoreBand,
  scoreLabel,
  textLength,
  titleScore,
} from './index.ts'

const s = (n: number): string => 'x'.repeat(n)

describe('titleScore (spec §5)', () => {
  it.each([
    [0, 0],
    [1, 50],
    [29, 50],
    [30, 100],
    [60, 100],
    [61, 70],
    [80, 70],
    [81, 30],
    [200, 30],
  ])('length %i -> %i', (len, expected) => expect(titleScore(s(len))).toBe(expected))
  it('missing or blank title scores 0', () => {
    expect(titleScore(null)).toBe(0)
    expect(titleScore(undefined)).toBe(0)
    expect(titleScore('   ')).toBe(0)
  })
  it('counts accented characters once (code points, not UTF-16 units or bytes)', () => {
    expect(textLength('ação')).toBe(4)
    expect(textLength('  a   b  ')).toBe(3)
    expect(titleScore('ç'.repeat(30))).toBe(100)
  })
})

describe('descriptionScore (spec §5)', () => {
  it.each([
    [0, 0],
    [119, 60],
    [120, 100],
    [160, 100],
    [161, 70],
    [200, 70],
    [201, 40],
  ])('length %i -> %i', (len, expected) => expect(descriptionScore(s(len))).toBe(expected))
})

describe('metaScore', () => {
  it('averages title and description', () => {
    expect(metaScore({ title: s(40), description: s(140) })).toEqual({
      title: 100,
      description: 100,
      overall: 100,
    })
    expect(metaScore({ title: s(70), description: null })).toEqual({ title: 70, description: 0, overall: 35 })
    expect(metaScore({ title: s(10), description: s(170) })).toEqual({
      title: 50,
      description: 70,
      overall: 60,
    })
    expect(metaScore({ title: null, description: null }).overall).toBe(0)
  })
})

describe('headingScore (spec §5)', () => {
  it('gives 40 for an H1, 30 for a single H1, 30 for logical order', () => {
    expect(headingScore({ hasH1: true, multipleH1: false, headingsOrder: true })).toBe(100)
    expect(headingScore({ hasH1: true, multipleH1: true, headingsOrder: true })).toBe(70)
    expect(headingScore({ hasH1: true, multipleH1: false, headingsOrder: false })).toBe(70)
    expect(headingScore({ hasH1: false, multipleH1: false, headingsOrder: true })).toBe(60)
    expect(headingScore({ hasH1: true, multipleH1: true, headingsOrder: false })).toBe(40)
    expect(headingScore({ hasH1: false, multipleH1: false, headingsOrder: false })).toBe(30)
  })
})

describe('labels and bands (spec §9)', () => {
  it.each([
    [100, 'Bom', 'Good'],
    [90, 'Bom', 'Good'],
    [89, 'A melhorar', 'Needs improvement'],
    [80, 'A melhorar', 'Needs improvement'],
    [50, 'A melhorar', 'Needs improvement'],
    [49, 'Fraco', 'Poor'],
    [0, 'Fraco', 'Poor'],
  ])('scoreLabel(%i): the PageSpeed Insights bands', (n, pt, en) => expect(scoreLabel(n)).toEqual({ pt, en }))
  it('scoreBand: 90-100 good, 50-89 needs improvement, 0-49 poor', () => {
    expect([100, 90, 89, 50, 49, 0].map(scoreBand)).toEqual([
      'good',
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
      'poor',
    ])
  })
  it('performanceColour: 90+ green, 50+ amber, else red', () => {
    expect([100, 90, 89, 50, 49, 0].map(performanceColour)).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'red',
    ])
  })
  it('llmPresenceLevel: 70+ high, 40+ moderate, else low', () => {
    expect([70, 69, 40, 39].map(llmPresenceLevel)).toEqual(['high', 'moderate', 'moderate', 'low'])
  })
})

describe('Core Web Vitals ratings', () => {
  it('LCP seconds: ≤2.5 good, ≤4 needs improvement', () => {
    expect([2.5, 2.51, 4, 4.01].map(rateLcp)).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
  })
  it('CLS: ≤0.1 good, ≤0.25 needs improvement', () => {
    expect([0, 0.1, 0.11, 0.25, 0.26].map(rateCls)).toEqual([
      'good',
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
  })
  it('FID ms: ≤100 good, ≤300 needs improvement', () => {
    expect([100, 101, 300, 301].map(rateFid)).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
  })
  it('INP, TBT, FCP', () => {
    expect([200, 201, 500, 501].map(rateInp)).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
    expect([200, 201, 600, 601].map(rateTbt)).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
    expect([1.8, 1.81, 3, 3.01].map(rateFcp)).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
  })
})

describe('overallScore (spec §9)', () => {
  it('is 0.5 SEO + 0.3 AIO + 0.2 LLM, rounded', () => {
    const r = overallScore({ seo: 80, aio: 60, llm: 50 })
    expect(r.score).toBe(68)
    expect(r.weights).toEqual({ seo: 0.5, aio: 0.3, llm: 0.2 })
    expect(r.redistributed).toBe(false)
  })
  it('clamps out-of-range inputs and results', () => {
    expect(overallScore({ seo: 150, aio: 120, llm: 300 }).score).toBe(100)
    expect(overallScore({ seo: -10, aio: -5, llm: -1 }).score).toBe(0)
  })
  it('redistributes the LLM weight proportionally when there is no LLM data and says so', () => {
    const r = overallScore({ seo: 80, aio: 40, llm: null })
    expect(r.redistributed).toBe(true)
    expect(r.weights).toEqual({ seo: 0.625, aio: 0.375, llm: 0 })
    expect(r.score).toBe(65) // 0.625*80 + 0.375*40
    expect(r.note.pt).toContain('62,5%')
    expect(r.note.en).toContain('62.5%')
    // Without redistribution the same site would be capped: 0.5*80 + 0.3*40 = 52.
    expect(overallScore({ seo: 100, aio: 100, llm: null }).score).toBe(100)
  })
})

const f = (id: string, verdict: Finding['verdict'], score: number | null = null): Finding => ({
  id,
  category: 'seo',
  verdict,
  score,
  title: { pt: '', en: '' },
  description: { pt: '', en: '' },
  evidence: [],
  impact: 'low',
})

describe('onPageSeoScore', () => {
  it('is 100 when every weighted finding passes and null when nothing is scoreable', () => {
    expect(onPageSeoScore([f('document-title', 'pass', 100), f('https', 'pass')])).toBe(100)
    expect(onPageSeoScore([f('word-count', 'info'), f('unknown-id', 'fail')])).toBeNull()
  })
  it('weights findings: failing is-crawlable (10) costs more than failing open-graph (1)', () => {
    const base = [f('is-crawlable', 'pass'), f('open-graph', 'pass'), f('https', 'pass')]
    const noindex = onPageSeoScore(base.map((x) => (x.id === 'is-crawlable' ? f('is-crawlable', 'fail') : x)))
    const noOg = onPageSeoScore(base.map((x) => (x.id === 'open-graph' ? f('open-graph', 'fail') : x)))
    expect(noindex).toBe(Math.round((100 * 7) / 17))
    expect(noOg).toBe(Math.round((100 * 16) / 17))
  })
  it('counts graded findings by their grade, warn as half, and a repeated id by its worst result', () => {
    expect(onPageSeoScore([f('document-title', 'warn', 70)])).toBe(70)
    expect(onPageSeoScore([f('canonical', 'warn')])).toBe(50)
    expect(onPageSeoScore([f('canonical', 'pass'), f('canonical', 'fail')])).toBe(0)
  })
})
