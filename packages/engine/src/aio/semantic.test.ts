import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { measureSemantics } from './semantic.ts'

describe('measureSemantics', () => {
  it('counts landmarks, lists outside nav, tables with headers', () => {
    const r = measureSemantics(
      load(
        '<body><header></header><nav><ul><li><a>x</a></li></ul></nav><main><article><section><p>a</p><ol><li>b</li></ol><table><tr><th>h</th></tr></table><table><tr><td>c</td></tr></table></section></article></main><footer></footer></body>',
      ),
    )
    expect(r.landmarks).toMatchObject({
      main: 1,
      article: 1,
      section: 1,
      nav: 1,
      header: 1,
      footer: 1,
      aside: 0,
    })
    expect(r.lists).toBe(1)
    expect(r.tables).toBe(2)
    expect(r.tablesWithHeaders).toBe(1)
    expect(r.divRatio).toBe(0)
    expect(r.structuredTextShare).toBe(1)
  })
  it('measures div soup', () => {
    const r = measureSemantics(
      load(
        '<body><div><div><div>texto solto aqui</div></div><div><span>mais texto</span></div><p>um</p></div></body>',
      ),
    )
    expect(r.divs).toBe(4)
    expect(r.semanticElements).toBe(1)
    expect(r.divRatio).toBe(0.8)
    // 1 of 6 words sits in a paragraph.
    expect(r.structuredTextShare).toBe(0.17)
  })
})
