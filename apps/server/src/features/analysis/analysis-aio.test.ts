import type { AioResult, AuditResult } from '@farol/engine'
import { overallScore } from '@farol/engine/scores/index.ts'
import { describe, expect, it } from 'vitest'
import { asAnalysisPart } from './analysis-aio.ts'

const aio = (overall: number) => ({ scores: { overall } }) as AioResult
const lighthousePart = {
  aio: aio(86),
  scores: { seo: 91, aio: 86, overall: overallScore({ seo: 91, aio: 86, llm: null }) },
} as unknown as AuditResult

describe('asAnalysisPart', () => {
  it("stores the analysis's AIO and the overall that follows, keeping the run's own reading", () => {
    const part = asAnalysisPart(lighthousePart, aio(85))
    expect(part.aio.scores.overall).toBe(85)
    expect(part.scores.aio).toBe(85)
    expect(part.scores.overall.score).toBe(overallScore({ seo: 91, aio: 85, llm: null }).score)
    expect(part.scores.seo).toBe(91)
    expect(part.aioRendered?.scores.overall).toBe(86)
  })
  it("keeps the run's first reading when the analysis's AIO changes again", () => {
    const twice = asAnalysisPart(asAnalysisPart(lighthousePart, aio(85)), aio(84))
    expect(twice.scores.aio).toBe(84)
    expect(twice.aioRendered?.scores.overall).toBe(86)
  })
})
