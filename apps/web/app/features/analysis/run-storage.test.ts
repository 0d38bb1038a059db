import { describe, expect, it } from 'vitest'
import {
  analysisResult,
  emptySlot,
  lighthouseUnavailable,
  missingSlots,
  phaseOf,
  type RunState,
  type SlotState,
  sameAddress,
} from './run-storage.ts'

const run = (slots: RunState['slots'], url = 'https://a.pt'): RunState => ({
  url,
  projectId: null,
  startedAt: '2026-11-23T00:00:00Z',
  slots,
  startError: null,
})
const done = { ...emptySlot(), taskId: 't', status: 'success' as const }
const running = { ...emptySlot(), taskId: 't', status: 'running' as const }

describe('one analysis shared by the pages', () => {
  it('a page runs only the parts the latest analysis of the address lacks', () => {
    const dashboard = run({ aio: done, desktop: done })
    expect(missingSlots(dashboard, 'https://a.pt/', ['desktop', 'mobile'])).toEqual(['mobile'])
    expect(missingSlots(dashboard, 'https://a.pt', ['aio'])).toEqual([])
    expect(missingSlots(dashboard, 'https://b.pt', ['aio'])).toEqual(['aio'])
    expect(missingSlots(null, 'https://a.pt', ['aio', 'desktop'])).toEqual(['aio', 'desktop'])
  })

  it("a page's phase is that of its own parts", () => {
    const state = run({ aio: done, desktop: done, mobile: running })
    expect(phaseOf(state, ['aio', 'desktop'])).toBe('finished')
    expect(phaseOf(state, ['desktop', 'mobile'])).toBe('analysing')
  })

  it('a page that cannot be fetched ends the analysis at once, without waiting for the Lighthouse part', () => {
    const refused = { ...done, status: 'failed' as const, errorCode: 'CONNECTION_REFUSED' }
    expect(
      phaseOf(run({ aio: refused, desktop: { ...running, status: 'pending' } }), ['aio', 'desktop']),
    ).toBe('failed')
    // A Lighthouse failure does not say the page is unreachable: the other part goes on.
    const lighthouse = { ...done, status: 'failed' as const, errorCode: 'LIGHTHOUSE_FAILED' }
    expect(phaseOf(run({ aio: running, desktop: lighthouse }), ['aio', 'desktop'])).toBe('analysing')
  })

  it('compares addresses as URLs', () => {
    expect(sameAddress('https://a.pt', 'https://a.pt/')).toBe(true)
    expect(sameAddress('https://a.pt/x', 'https://a.pt/')).toBe(false)
  })
})

describe('one AIO score per analysis', () => {
  it("every page reads the AIO task's AIO, while running and once Lighthouse has finished", () => {
    const audit = (aio: number, seo: number) =>
      ({
        aio: { scores: { overall: aio } },
        scores: { seo, aio, overall: { score: 0 } },
      }) as unknown as SlotState['results']
    const pending = run({ aio: { ...done, results: audit(67, 80) }, desktop: running })
    expect(analysisResult(pending)?.aio.scores.overall).toBe(67)
    const finished = run({
      aio: { ...done, results: audit(67, 80) },
      desktop: { ...done, results: audit(66, 70) },
    })
    const shown = analysisResult(finished)
    expect(shown?.aio.scores.overall).toBe(67)
    expect(shown?.scores.aio).toBe(67)
    // SEO from the Lighthouse run; the overall follows from both (spec: 0.625 SEO + 0.375 AIO without LLM).
    expect(shown?.scores.seo).toBe(70)
    expect(shown?.scores.overall.score).toBe(Math.round(0.625 * 70 + 0.375 * 67))
    // The AIO task failed: the Lighthouse run's own AIO is all there is.
    const aioFailed = run({
      aio: { ...done, status: 'failed' },
      desktop: { ...done, results: audit(66, 70) },
    })
    expect(analysisResult(aioFailed)?.aio.scores.overall).toBe(66)
  })
})

describe('Lighthouse unavailable', () => {
  it('is told when a part says Chromium is missing', () => {
    const results = {
      lighthouse: { desktop: null, mobile: null, errors: { desktop: { code: 'CHROME_NOT_FOUND' } } },
    } as unknown as SlotState['results']
    expect(lighthouseUnavailable(run({ desktop: { ...done, results } }))).toBe(true)
    expect(lighthouseUnavailable(run({ desktop: done }))).toBe(false)
  })
})
