import { describe, expect, it } from 'vitest'
import { faqEntries } from './data.ts'
import { faqPageJsonLd, localizeFaq, nextOpen } from './faq.ts'

describe('FAQ', () => {
  it('has at least 12 questions in both languages with unique ids, and the 3-6 month advice', () => {
    expect(faqEntries.length).toBeGreaterThanOrEqual(12)
    expect(new Set(faqEntries.map((e) => e.id)).size).toBe(faqEntries.length)
    const pt = localizeFaq(faqEntries, 'pt')
    expect(pt.some((i) => i.answer.includes('a cada 3 a 6 meses'))).toBe(true)
    expect(localizeFaq(faqEntries, 'en').some((i) => i.answer.includes('every 3 to 6 months'))).toBe(true)
  })

  it('builds FAQPage JSON-LD from exactly the visible items', () => {
    const items = localizeFaq(faqEntries, 'en')
    const ld = faqPageJsonLd(items, 'https://farol.example/en/faq', 'en')
    expect(ld['@type']).toBe('FAQPage')
    expect(ld.mainEntity.map((q) => q.name)).toEqual(items.map((i) => i.question))
    expect(ld.mainEntity.map((q) => q.acceptedAnswer.text)).toEqual(items.map((i) => i.answer))
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld)
  })

  it('keeps at most one question open', () => {
    expect(nextOpen(null, 'a')).toBe('a')
    expect(nextOpen('a', 'b')).toBe('b')
    expect(nextOpen('b', 'b')).toBe(null)
  })
})
