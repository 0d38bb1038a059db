import { describe, expect, it } from 'vitest'
import en from '../../locales/en/site.json'
import pt from '../../locales/pt/site.json'
import {
  bySeverity,
  filterIssues,
  formatEta,
  issuesCsv,
  linkScoreTable,
  type PageSummary,
  paceReason,
  type SiteIssueView,
  withSimilarity,
} from './site-data.ts'

const issue = (
  type: string,
  severity: SiteIssueView['severity'],
  urls: string[],
  details = {},
): SiteIssueView => ({
  type,
  severity,
  urls,
  details,
  title: { pt: `Problema ${type}`, en: `Issue ${type}` },
  description: { pt: '', en: '' },
})

const issues = [
  issue('broken-link', 'error', ['https://s.pt/a', 'https://s.pt/b'], {
    'https://s.pt/a': { sources: ['https://s.pt/blog'] },
    'https://s.pt/b': { sources: ['https://s.pt/'] },
  }),
  issue('dead-end', 'notice', ['https://s.pt/c']),
  issue('duplicate-title', 'warning', ['https://s.pt/d', 'https://s.pt/e'], {
    'https://s.pt/d': { value: 'T', duplicates: ['https://s.pt/e'] },
  }),
]

describe('site data', () => {
  it('groups by severity in error, warning, notice order, leaving out empty groups', () => {
    expect(bySeverity(issues).map((g) => [g.severity, g.issues.map((i) => i.type)])).toEqual([
      ['error', ['broken-link']],
      ['warning', ['duplicate-title']],
      ['notice', ['dead-end']],
    ])
    expect(bySeverity([issues[1]!]).map((g) => g.severity)).toEqual(['notice'])
  })

  it('filters by severity and by text in URLs, sources or the issue name', () => {
    expect(filterIssues(issues, { severity: 'error', text: '' }, 'pt').map((i) => i.type)).toEqual([
      'broken-link',
    ])
    const byText = filterIssues(issues, { severity: 'all', text: 'BLOG' }, 'pt')
    expect(byText).toEqual([{ ...issues[0], urls: ['https://s.pt/a'] }])
    expect(filterIssues(issues, { severity: 'all', text: 'issue dead' }, 'en').map((i) => i.type)).toEqual([
      'dead-end',
    ])
    expect(filterIssues(issues, { severity: 'notice', text: 'blog' }, 'en')).toEqual([])
  })

  it('exports one CSV row per URL with its sources and quotes what needs it', () => {
    const csv = issuesCsv(
      [issue('x', 'error', ['https://s.pt/a,b'], { 'https://s.pt/a,b': { sources: ['https://s.pt/'] } })],
      'en',
    )
    expect(csv).toBe(
      'type,severity,issue,url,sources,targets\nx,error,Issue x,"https://s.pt/a,b",https://s.pt/,\n',
    )
    expect(issuesCsv(issues, 'pt').split('\n')[0]).toBe('tipo,gravidade,problema,url,origens,destinos')
    expect(issuesCsv(issues, 'pt').trim().split('\n')).toHaveLength(6)
  })

  it('ranks pages by link score and leaves out pages without one', () => {
    const page = (url: string, linkScore: number | null, inlinks = 0) =>
      ({ url, linkScore, inlinks }) as PageSummary
    expect(
      linkScoreTable([page('a', 10), page('b', null), page('c', 100), page('d', 10, 5)]).map((p) => p.url),
    ).toEqual(['c', 'd', 'a'])
  })

  it('reads the ETA', () => {
    expect(formatEta(null)).toBe('—')
    expect(formatEta(42)).toBe('42 s')
    expect(formatEta(65)).toBe('1 min 05 s')
  })
})

describe('paceReason', () => {
  it('names each reason with its figures for the translation', () => {
    expect(paceReason({ code: 'overloaded', status: 503 })).toEqual({
      key: 'pace.overloaded',
      values: { status: 503 },
    })
    expect(paceReason({ code: 'latency', latencyMs: 900, normalMs: 200 })).toEqual({
      key: 'pace.latency',
      values: { latency: 900, normal: 200 },
    })
    expect(paceReason({ code: 'at-ceiling', ceiling: 32, owner: true }).key).toBe('pace.atOwnerCeiling')
    expect(paceReason({ code: 'at-ceiling', ceiling: 8, owner: false }).key).toBe('pace.atCeiling')
    expect(paceReason({ code: 'retry-after', seconds: 5 })).toEqual({
      key: 'pace.retryAfter',
      values: { seconds: 5 },
    })
    expect(paceReason({ code: 'server-error', status: 500 }).key).toBe('pace.serverError')
    expect(paceReason({ code: 'speeding-up' }).key).toBe('pace.speedingUp')
    expect(paceReason({ code: 'learning' }).key).toBe('pace.learning')
  })
  it('has a string in both languages for every reason', () => {
    const codes = [
      'start',
      'fixed',
      'learning',
      'speedingUp',
      'atCeiling',
      'atOwnerCeiling',
      'latency',
      'slow',
    ]
    for (const lang of [pt, en]) {
      for (const code of [...codes, 'overloaded', 'retryAfter', 'timeout', 'serverError', 'crawlDelay'])
        expect(lang.pace[code as keyof typeof lang.pace], code).toBeTruthy()
    }
    expect(pt.pace.overloaded.replace('{{status}}', '503')).toBe('a abrandar: o servidor respondeu 503')
    expect(en.pace.overloaded.replace('{{status}}', '503')).toBe('slowing down: the server answered 503')
  })
})

describe('withSimilarity', () => {
  it('adds each near duplicate its similarity in percent', () => {
    expect(
      withSimilarity({ duplicates: ['https://s.pt/a', 'https://s.pt/b'], similarities: [0.96, 0.9] }),
    ).toEqual(['https://s.pt/a (96%)', 'https://s.pt/b (90%)'])
    expect(withSimilarity({ duplicates: ['https://s.pt/a'] })).toEqual(['https://s.pt/a'])
    expect(withSimilarity(undefined)).toBeUndefined()
  })
})
