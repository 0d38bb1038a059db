import { summarizeSiteIssues } from '@farol/engine/crawl/summary.ts'
import { describe, expect, it } from 'vitest'
import { type Recommendation, selectRecommendations } from '../analysis/recommendations.ts'
import {
  type SiteAuditSummary,
  siteAuditHref,
  siteAuditRecommendations,
  withSiteAudit,
} from './site-recommendations.ts'

const summary: SiteAuditSummary = {
  url: 'https://exemplo.pt/',
  crawledAt: '2026-05-01T10:00:00.000Z',
  pages: 42,
  issues: [
    {
      type: 'broken-link',
      severity: 'error',
      count: 5,
      examples: ['https://exemplo.pt/a', 'https://exemplo.pt/b', 'https://exemplo.pt/c'],
      title: { pt: 'Ligações internas quebradas', en: 'Broken internal links' },
      description: { pt: 'Corrija as ligações.', en: 'Fix the links.' },
    },
    {
      type: 'duplicate-title',
      severity: 'warning',
      count: 2,
      examples: ['https://exemplo.pt/t1', 'https://exemplo.pt/t2'],
      title: { pt: 'Títulos duplicados', en: 'Duplicate titles' },
      description: { pt: 'Um título por página.', en: 'One title per page.' },
    },
    {
      type: 'deep-page',
      severity: 'notice',
      count: 1,
      examples: ['https://exemplo.pt/1/2/3/4/5'],
      title: { pt: 'Páginas demasiado profundas', en: 'Pages too deep' },
      description: { pt: 'Aproxime-as.', en: 'Bring them closer.' },
    },
  ],
}

const pageItem = (id: string, impact: Recommendation['impact']): Recommendation => ({
  id,
  title: id,
  description: '',
  group: 'seo',
  type: 'seo',
  impact,
  verdict: 'warn',
  evidence: [],
})

describe('siteAuditRecommendations', () => {
  it('makes one item per issue type, in the reader’s language, with count, examples and the crawl’s link', () => {
    const [broken] = siteAuditRecommendations(summary, 'en')
    expect(broken).toEqual({
      id: 'site:broken-link',
      title: 'Broken internal links',
      description: 'Fix the links.',
      group: 'seo',
      type: 'site',
      impact: 'high',
      verdict: 'fail',
      evidence: [],
      site: {
        count: 5,
        examples: ['https://exemplo.pt/a', 'https://exemplo.pt/b', 'https://exemplo.pt/c'],
        href: '/suite/site?url=https%3A%2F%2Fexemplo.pt%2F',
        source: 'crawl',
      },
    })
    expect(siteAuditRecommendations(summary, 'pt')[0]!.title).toBe('Ligações internas quebradas')
  })

  it('maps the crawl’s severities: error high/fail, warning medium/warn, notice low/warn', () => {
    expect(siteAuditRecommendations(summary, 'pt').map((r) => [r.impact, r.verdict])).toEqual([
      ['high', 'fail'],
      ['medium', 'warn'],
      ['low', 'warn'],
    ])
  })

  it('adds nothing without a crawl', () => {
    expect(siteAuditRecommendations(null, 'pt')).toEqual([])
    const list = [pageItem('seo:a', 'low')]
    expect(withSiteAudit(list, null, 'pt')).toBe(list)
  })

  it('joins the dashboard’s list by impact: a broken link outranks a medium page finding', () => {
    const merged = withSiteAudit(
      [pageItem('seo:medium', 'medium'), pageItem('seo:low', 'low')],
      summary,
      'pt',
    )
    expect(merged.map((r) => r.id)).toEqual([
      'site:broken-link',
      'seo:medium',
      'site:duplicate-title',
      'seo:low',
      'site:deep-page',
    ])
    expect(selectRecommendations(merged, 'seo').map((r) => r.id)).toContain('site:broken-link')
  })

  it('links to /suite/site with the address encoded', () => {
    expect(siteAuditHref('https://exemplo.pt/a?b=1&c')).toBe(
      '/suite/site?url=https%3A%2F%2Fexemplo.pt%2Fa%3Fb%3D1%26c',
    )
  })
})

describe('page-level problems across the site (issue #29)', () => {
  it('become recommendations with the page audit’s title and advice, impact from its severity', () => {
    const [issue] = summarizeSiteIssues([
      { type: 'missing-description', severity: 'warning', urls: ['https://exemplo.pt/a'] },
    ])
    const [item] = siteAuditRecommendations({ ...summary, issues: [{ ...issue!, count: 500 }] }, 'pt')
    expect(item).toMatchObject({
      id: 'site:missing-description',
      title: 'A página não tem meta descrição',
      impact: 'medium',
      verdict: 'warn',
      site: { count: 500 },
    })
    expect(item!.description).toContain('meta descrição')
  })
})
