import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { measureCrawlerView } from './crawler-view.ts'

const prose = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ')}</p>`

describe('measureCrawlerView', () => {
  it('flags an empty app shell with scripts as JS-only when there is no rendered run', () => {
    const r = measureCrawlerView(
      load('<body><div id="root"></div><script src="/app.js"></script></body>'),
      null,
    )
    expect(r).toMatchObject({
      rawWords: 0,
      renderedWords: null,
      rawToRenderedRatio: null,
      emptyAppShell: true,
    })
    expect(r.likelyJsOnly).toBe(true)
  })
  it('compares raw and rendered text when a rendered run exists', () => {
    const raw = load('<body><div id="root"></div><script src="/app.js"></script></body>')
    const r = measureCrawlerView(raw, `<body><div id="root">${prose(300)}</div></body>`)
    expect(r.renderedWords).toBe(300)
    expect(r.rawToRenderedRatio).toBe(0)
    expect(r.likelyJsOnly).toBe(true)
  })
  it('does not flag a server-rendered page', () => {
    const html = `<body>${prose(200)}<script src="/analytics.js"></script></body>`
    const r = measureCrawlerView(load(html), html)
    expect(r.rawToRenderedRatio).toBe(1)
    expect(r.likelyJsOnly).toBe(false)
  })
  it('does not flag a short page whose rendering adds nothing', () => {
    const html = '<body><p>Olá</p><script>1</script></body>'
    expect(measureCrawlerView(load(html), html).likelyJsOnly).toBe(false)
    // Without rendering, the same short page with a script is suspicious.
    expect(measureCrawlerView(load(html), null).likelyJsOnly).toBe(true)
  })
  it('does not count JSON-LD as an executable script', () => {
    const r = measureCrawlerView(load('<body><script type="application/ld+json">{}</script></body>'), null)
    expect(r.scripts).toBe(0)
    expect(r.likelyJsOnly).toBe(false)
  })
})
