import { describe, expect, it } from 'vitest'
import { compareRuns, describeAlert, type RunSnapshot } from './alerts.ts'

const scores = {
  seoScore: 90,
  seoMobileScore: 80,
  aioScore: 70,
  llmScore: null,
  directoryScore: null,
  totalScore: 82,
}
const base: RunSnapshot = { scores, failing: [], mentionedBy: ['ChatGPT', 'Claude'] }
const title = (t: string) => ({ pt: t, en: t })

describe('compareRuns', () => {
  it('says nothing on the first run, or when nothing got worse', () => {
    expect(compareRuns(null, base)).toEqual([])
    expect(compareRuns(base, { ...base, scores: { ...scores, seoScore: 86 } })).toEqual([])
  })

  it('alerts on a drop of 5 points or more, per metric, ignoring unmeasured ones', () => {
    const current = { ...base, scores: { ...scores, seoScore: 85, aioScore: 60, llmScore: 40 } }
    expect(compareRuns(base, current)).toEqual([
      { kind: 'score-drop', metric: 'seoScore', from: 90, to: 85 },
      { kind: 'score-drop', metric: 'aioScore', from: 70, to: 60 },
    ])
  })

  it('compares overalls made the same way only (with or without the AI-presence part, decision 045)', () => {
    // The first run that counts a presence part (low: 20) is not an overall "drop" of the site…
    const withPresence = { ...base, scores: { ...scores, totalScore: 70 }, presenceInTotal: true }
    expect(compareRuns(base, withPresence)).toEqual([])
    expect(compareRuns(withPresence, { ...base, scores: { ...scores, totalScore: 60 } })).toEqual([])
    // …two runs that both count one are compared as before.
    expect(compareRuns(withPresence, { ...withPresence, scores: { ...scores, totalScore: 64 } })).toEqual([
      { kind: 'score-drop', metric: 'totalScore', from: 70, to: 64 },
    ])
  })

  it('alerts on a high-impact finding that now fails, not on one that already failed or a minor one', () => {
    const previous = { ...base, failing: [{ id: 'meta-description', title: title('x'), impact: 'high' }] }
    const current = {
      ...base,
      failing: [
        { id: 'meta-description', title: title('x'), impact: 'high' },
        { id: 'aio-robots-search', title: title('robots.txt bloqueia a pesquisa com IA'), impact: 'medium' },
        { id: 'image-alt', title: title('alt'), impact: 'low' },
      ],
    }
    expect(compareRuns(previous, current)).toEqual([
      { kind: 'new-failure', id: 'aio-robots-search', title: title('robots.txt bloqueia a pesquisa com IA') },
    ])
  })

  it('alerts when a model stops naming the brand', () => {
    expect(compareRuns(base, { ...base, mentionedBy: ['Claude'] })).toEqual([
      { kind: 'mention-lost', model: 'ChatGPT' },
    ])
    expect(compareRuns(base, { ...base, mentionedBy: null })).toEqual([])
  })

  it('describes each alert in both languages', () => {
    expect(describeAlert({ kind: 'score-drop', metric: 'aioScore', from: 70, to: 60 }, 'pt')).toBe(
      'Otimização para IA desceu de 70 para 60 (−10 pontos).',
    )
    expect(describeAlert({ kind: 'mention-lost', model: 'ChatGPT' }, 'en')).toBe(
      'ChatGPT no longer mentions your brand.',
    )
  })
})

describe('a site crawl compared with the previous one (issue #28)', () => {
  it('alerts on new URLs of an error-level issue type, though the type was already failing', async () => {
    const { snapshotOf } = await import('./monitor.ts')
    const broken = { type: 'broken-link', severity: 'error', title: title('Broken internal links') }
    const crawl = (changes: { type: string; severity: string; new: number; still?: number }[]) => ({
      issues: [broken, { type: 'deep-page', severity: 'notice', title: title('Deep') }],
      comparison: { issues: changes },
    })
    const before = snapshotOf(null, null, null, null, crawl([]))
    const after = snapshotOf(
      null,
      null,
      null,
      null,
      crawl([
        { type: 'broken-link', severity: 'error', new: 2, still: 1 },
        { type: 'deep-page', severity: 'notice', new: 5, still: 1 },
      ]),
    )
    expect(compareRuns(before, after)).toEqual([
      {
        kind: 'new-failure',
        id: 'crawl-new:broken-link',
        title: {
          pt: 'Broken internal links: 2 novos desde o rastreio anterior',
          en: 'Broken internal links: 2 new since the previous crawl',
        },
      },
    ])
  })
})

describe('a crawl issue type new since the previous crawl', () => {
  it('is one alert (the type), not a second one for its new URLs', async () => {
    const { snapshotOf } = await import('./monitor.ts')
    const broken = { type: 'broken-link', severity: 'error', title: title('Broken internal links') }
    const before = snapshotOf(null, null, null, null, { issues: [], comparison: { issues: [] } })
    const after = snapshotOf(null, null, null, null, {
      issues: [broken],
      comparison: { issues: [{ type: 'broken-link', severity: 'error', new: 1, still: 0, fixed: 0 }] },
    })
    expect(compareRuns(before, after)).toEqual([
      { kind: 'new-failure', id: 'crawl:broken-link', title: title('Broken internal links') },
    ])
  })
})

describe('Core Web Vitals between two runs', () => {
  const field = (lcp: number, inp: number, cls: number) => ({ mobile: { lcp, inp, cls }, desktop: null })
  it('alerts when a real-user p75 crosses a threshold for the worse, per device', () => {
    const before = { ...base, field: field(2400, 180, 0.05) }
    expect(compareRuns(before, { ...base, field: field(2450, 190, 0.09) })).toEqual([])
    expect(compareRuns(before, { ...base, field: field(2600, 180, 0.3) })).toEqual([
      {
        kind: 'cwv-crossed',
        device: 'mobile',
        metric: 'lcp',
        from: 2400,
        to: 2600,
        fromRating: 'good',
        toRating: 'needs-improvement',
      },
      {
        kind: 'cwv-crossed',
        device: 'mobile',
        metric: 'cls',
        from: 0.05,
        to: 0.3,
        fromRating: 'good',
        toRating: 'poor',
      },
    ])
    // Getting better, or a run without field data (no key, CrUX down), is no alert.
    expect(compareRuns({ ...base, field: field(4500, 600, 0.3) }, before)).toEqual([])
    expect(compareRuns(before, { ...base, field: { mobile: null, desktop: null } })).toEqual([])
    expect(compareRuns(base, { ...base, field: field(9000, 900, 0.9) })).toEqual([])
  })

  it('describes the crossing in both languages', () => {
    const alert = {
      kind: 'cwv-crossed',
      device: 'mobile',
      metric: 'lcp',
      from: 2400,
      to: 2600,
      fromRating: 'good',
      toRating: 'needs-improvement',
    } as const
    expect(describeAlert(alert, 'pt')).toBe(
      'LCP dos utilizadores reais (telemóvel) passou de bom (2,4 s) para a melhorar (2,6 s).',
    )
    expect(describeAlert(alert, 'en')).toBe(
      'Real-user LCP (mobile) went from good (2.4 s) to needs improvement (2.6 s).',
    )
  })
})
