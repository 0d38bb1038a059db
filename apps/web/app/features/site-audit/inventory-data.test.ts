import { onPageChecks } from '@farol/engine/crawl/checks/on-page.ts'
import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../lib/i18n.tsx'
import enSite from '../../locales/en/site.json'
import ptSite from '../../locales/pt/site.json'
import {
  columns,
  defaultFilters,
  inventorySearch,
  issueFilterLabels,
  issueOptionLabel,
  nextSort,
  outlinkFact,
  outlinksTitle,
  percent,
  visibleColumns,
} from './inventory-data.ts'

describe('inventory helpers', () => {
  it('sends only the filters that are set', () => {
    expect(inventorySearch(defaultFilters).toString()).toBe('sort=url&dir=asc')
    expect(
      inventorySearch({
        ...defaultFilters,
        issue: 'missing-description',
        status: '4xx',
        indexable: 'no',
        pattern: ' */blog/* ',
      }).toString(),
    ).toBe('sort=url&dir=asc&issue=missing-description&status=4xx&indexable=no&pattern=*%2Fblog%2F*')
  })

  it('labels the issue filter with a short name and the count ("Sem meta descrição: 500")', () => {
    const issue = {
      type: 'missing-description',
      count: 500,
      title: { pt: 'A página não tem meta descrição', en: 'Page has no meta description' },
    }
    expect(issueOptionLabel(issue, 'pt')).toBe('Sem meta descrição: 500')
    expect(issueOptionLabel(issue, 'en')).toBe('No meta description: 500')
    expect(
      issueOptionLabel(
        {
          type: 'broken-link',
          count: 1234,
          title: { pt: 'Ligações internas quebradas', en: 'Broken internal links' },
        },
        'en',
      ),
    ).toBe('Broken internal links: 1,234')
  })

  it('flips the direction on the same column; numbers start descending, text ascending; unsortable stays', () => {
    const byWords = nextSort(defaultFilters, 'words')
    expect(byWords).toMatchObject({ sort: 'words', dir: 'desc' })
    expect(nextSort(byWords, 'words')).toMatchObject({ sort: 'words', dir: 'asc' })
    expect(nextSort(byWords, 'title')).toMatchObject({ sort: 'title', dir: 'asc' })
    expect(nextSort(byWords, 'directives')).toBe(byWords)
  })

  it('always shows the URL column, then the chosen ones in table order', () => {
    expect(visibleColumns(['ms', 'status']).map((c) => c.key)).toEqual(['url', 'status', 'ms'])
    expect(percent(0.934)).toBe('93%')
    expect(percent(null)).toBeNull()
  })

  it('has a PT and EN name for every column and every page-level problem', () => {
    for (const c of columns) {
      expect(ptSite.inventory.columns[c.key]).toBeTruthy()
      expect(enSite.inventory.columns[c.key]).toBeTruthy()
    }
    expect(Object.keys(issueFilterLabels).sort()).toEqual(onPageChecks.map((c) => c.id).sort())
    for (const label of Object.values(issueFilterLabels)) expect(label.pt && label.en).toBeTruthy()
  })
})

describe('outlink counts (issue 41: "17" above a list of 15)', () => {
  const translators = {
    pt: createTranslator('pt', { site: ptSite }),
    en: createTranslator('en', { site: enSite }),
  }
  const t = (lang: 'pt' | 'en') => (key: string, o?: Record<string, unknown>) =>
    translators[lang].t(`site:${key}`, o)

  it('says how many distinct pages the links point to when links repeat', () => {
    expect(outlinkFact(17, 15, t('pt'))).toBe('17 ligações internas, 15 distintas')
    expect(outlinkFact(17, 15, t('en'))).toBe('17 internal links, 15 distinct')
    expect(outlinkFact(15, 15, t('pt'))).toBe('15 ligações internas')
    expect(outlinkFact(1, 1, t('en'))).toBe('1 internal link')
    // A detail from before the distinct count was sent: the plain count.
    expect(outlinkFact(17, undefined, t('pt'))).toBe('17 ligações internas')
  })

  it('heads the list with its own count: distinct targets, internal and external', () => {
    expect(outlinksTitle({ total: 18, internal: 15 }, t('pt'))).toBe(
      'Ligações de saída: 18 destinos distintos (15 internos, 3 externos)',
    )
    expect(outlinksTitle({ total: 1, internal: 1 }, t('en'))).toBe(
      'Outlinks: 1 distinct target (1 internal, 0 external)',
    )
    expect(outlinksTitle({ total: 2 }, t('en'))).toBe('Outlinks: 2 distinct targets')
  })
})
