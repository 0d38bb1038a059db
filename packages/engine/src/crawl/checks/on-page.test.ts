// The page-level problems agree with the page audit: on each HTML case the crawl's streaming facts give a
// problem exactly when the page audit's check fails or warns for that reason, and the site issue carries
// the page audit's advice and a severity from its impact.
import { describe, expect, it } from 'vitest'
import { htmlLang, wordCount } from '../../seo/content.ts'
import { headings } from '../../seo/headings.ts'
import { imageAlt } from '../../seo/images.ts'
import { descriptionMeta, metaDescription, titleLength } from '../../seo/meta-tags.ts'
import { mixedContent } from '../../seo/security.ts'
import { run } from '../../seo/test-utils.ts'
import { viewport } from '../../seo/viewport.ts'
import type { Check } from '../../types.ts'
import { pageFacts } from '../page-facts.ts'
import type { CrawlPage } from '../types.ts'
import { onPageChecks, problemsOf } from './on-page.ts'

const URL_ = 'https://site.test/page'
const words = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ')
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
const TITLE = 'Um título de tamanho certo para a página'
const DESCRIPTION = 'Uma descrição '.repeat(10).trim()

function html(o: { lang?: string | null; head?: string; body?: string } = {}): string {
  const lang = o.lang === undefined ? ' lang="pt"' : o.lang === null ? '' : ` lang="${o.lang}"`
  const head =
    o.head ?? `<title>${TITLE}</title><meta name="description" content="${DESCRIPTION}">${VIEWPORT}`
  return `<!doctype html><html${lang}><head>${head}</head><body>${o.body ?? `<h1>Tema</h1><p>${words(200)}</p>`}</body></html>`
}

function crawlPage(source: string, url = URL_): CrawlPage {
  return {
    url,
    depth: 0,
    source: 'start',
    status: 200,
    blockedByRobots: false,
    error: null,
    redirectTo: null,
    contentType: 'text/html; charset=utf-8',
    ...pageFacts(url, source, {}, () => true),
    bytes: source.length,
    firstByteMs: 1,
    totalMs: 1,
    indexable: true,
    fetchedAt: new Date(0).toISOString(),
  }
}

const failing = (check: Check, source: string, url = URL_) => run(check, source, { url }).verdict
const types = (source: string, url = URL_) => problemsOf(crawlPage(source, url)).map((p) => p.type)

const cases: { name: string; source: string; problem: string; check: Check; url?: string }[] = [
  {
    name: 'no description',
    source: html({ head: `<title>${TITLE}</title>${VIEWPORT}` }),
    problem: 'missing-description',
    check: metaDescription,
  },
  {
    name: 'empty description',
    source: html({ head: `<title>${TITLE}</title><meta name="description" content="  ">${VIEWPORT}` }),
    problem: 'missing-description',
    check: metaDescription,
  },
  {
    name: 'title too long',
    source: html({
      head: `<title>${'Longo '.repeat(14)}</title><meta name="description" content="${DESCRIPTION}">${VIEWPORT}`,
    }),
    problem: 'title-too-long',
    check: titleLength,
  },
  {
    name: 'no h1',
    source: html({ body: `<h2>Tema</h2><p>${words(200)}</p>` }),
    problem: 'missing-h1',
    check: headings,
  },
  {
    name: 'two h1',
    source: html({ body: `<h1>Um</h1><h1>Dois</h1><p>${words(200)}</p>` }),
    problem: 'multiple-h1',
    check: headings,
  },
  {
    name: 'an image without alt',
    source: html({ body: `<h1>T</h1><p>${words(200)}</p><img src="a.png"><img src="b.png" alt="">` }),
    problem: 'missing-alt',
    check: imageAlt,
  },
  { name: 'no lang', source: html({ lang: null }), problem: 'missing-lang', check: htmlLang },
  { name: 'unknown lang', source: html({ lang: 'xx-zz' }), problem: 'missing-lang', check: htmlLang },
  {
    name: 'an http script on an https page',
    source: html({ body: `<h1>T</h1><p>${words(200)}</p><script src="http://cdn.test/a.js"></script>` }),
    problem: 'mixed-content',
    check: mixedContent,
  },
  {
    name: 'an http image in a srcset',
    source: html({
      body: `<h1>T</h1><p>${words(200)}</p><img alt="x" srcset="https://a.test/1.png 1x, http://a.test/2.png 2x">`,
    }),
    problem: 'mixed-content',
    check: mixedContent,
  },
  {
    name: 'no viewport',
    source: html({ head: `<title>${TITLE}</title><meta name="description" content="${DESCRIPTION}">` }),
    problem: 'missing-viewport',
    check: viewport,
  },
  {
    name: 'thin text',
    source: html({ body: `<h1>T</h1><p>${words(40)}</p>` }),
    problem: 'thin-content',
    check: wordCount,
  },
]

describe('page-level problems across the site', () => {
  it('finds nothing on a page the page audit passes', () => {
    const clean = html({
      body: `<h1>Tema</h1><p>${words(200)}</p><img src="a.png" alt="A"><img src="b.png" alt="" hidden>`,
    })
    expect(types(clean)).toEqual([])
    for (const check of [
      metaDescription,
      titleLength,
      headings,
      imageAlt,
      htmlLang,
      mixedContent,
      viewport,
      wordCount,
    ])
      expect(failing(check, clean)).toMatch(/pass|na/)
  })

  it.each(cases)(
    '$name: the problem exactly when the page audit fails or warns',
    ({ source, problem, check }) => {
      expect(types(source)).toEqual([problem])
      expect(failing(check, source)).toMatch(/fail|warn/)
    },
  )

  it('judges mixed content on https pages only, and http links (not loads) not at all', () => {
    const source = html({
      body: `<h1>T</h1><p>${words(200)}</p><script src="http://cdn.test/a.js"></script>`,
    })
    expect(types(source, 'http://site.test/page')).toEqual([])
    expect(
      types(
        html({
          head: `<title>${TITLE}</title><meta name="description" content="${DESCRIPTION}">${VIEWPORT}<link rel="alternate" href="http://site.test/x">`,
        }),
      ),
    ).toEqual([])
  })

  it('does not judge non-HTML answers or pages without on-page facts', () => {
    const page = crawlPage(html({ lang: null }))
    expect(problemsOf({ ...page, status: 404 })).toEqual([])
    expect(problemsOf({ ...page, contentType: 'application/pdf' })).toEqual([])
    const { h1Count: _, ...older } = page
    expect(problemsOf(older)).toEqual([])
  })

  it("uses the page audit's advice and a severity from its impact", () => {
    const check = onPageChecks.find((c) => c.id === 'missing-description')!
    expect(check).toMatchObject({
      severity: 'warning',
      pageCheck: 'meta-description',
      title: descriptionMeta.failureTitle,
      description: descriptionMeta.description,
    })
    expect(onPageChecks.find((c) => c.id === 'missing-viewport')!.severity).toBe('error')
    expect(onPageChecks.find((c) => c.id === 'title-too-long')!.severity).toBe('notice')
    expect(problemsOf(crawlPage(cases[4]!.source))).toEqual([{ type: 'multiple-h1', value: '2' }])
  })
})
