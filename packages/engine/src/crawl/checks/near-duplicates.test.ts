import { describe, expect, it } from 'vitest'
import { encodeSignature, exactJaccard, minhash, signText, wordShingles } from '../minhash.ts'
import { pageFacts } from '../page-facts.ts'
import { editedCopy, randomWords, seeded } from '../testing/near-texts.ts'
import type { CrawlPage, CrawlTables } from '../types.ts'
import { siteIssues } from './index.ts'
import { NearDuplicateFinder, nearDuplicatePairs } from './near-duplicates.ts'

const LEVELS = [1, 0.95, 0.9, 0.85, 0.7]

/** Families of texts: a base and one copy per planted level; texts of different families share nothing. */
function plantedSite(families: number, seed: number) {
  const random = seeded(seed)
  const texts = new Map<string, string[]>()
  for (let f = 0; f < families; f++) {
    const words = randomWords(random, 200 + ((f * 137) % 800))
    texts.set(`/f${f}/base`, words)
    for (const level of LEVELS) texts.set(`/f${f}/copy-${level}`, editedCopy(words, level, random))
  }
  return texts
}

/** Exact Jaccard of every pair within a family (pairs across families are ~0 by construction). */
function exactPairs(texts: Map<string, string[]>): Map<string, number> {
  const shingles = new Map([...texts].map(([url, words]) => [url, wordShingles(words.join(' '))]))
  const urls = [...texts.keys()]
  const out = new Map<string, number>()
  for (let i = 0; i < urls.length; i++) {
    for (let j = i + 1; j < urls.length; j++) {
      const [a, b] = [urls[i]!, urls[j]!]
      if (a.split('/')[1] !== b.split('/')[1]) continue
      out.set(`${a} ${b}`, exactJaccard(shingles.get(a)!, shingles.get(b)!))
    }
  }
  return out
}

describe('NearDuplicateFinder', () => {
  it.each([0.9, 0.85])('reports the planted pairs at threshold %s, each with its similarity', (threshold) => {
    const texts = plantedSite(12, threshold === 0.9 ? 1 : 2)
    const exact = exactPairs(texts)
    const finder = new NearDuplicateFinder({ threshold })
    for (const [url, words] of texts) finder.add(url, minhash(words.join(' '))!)
    const reported = new Map(finder.pairs().map((p) => [`${p.a} ${p.b}`, p.similarity]))
    // The 1.0 copy has the base's signature: it pairs with the base only (copies are not compared again).
    const family = (url: string) => url.split('/')[1]
    for (const url of texts.keys()) {
      if (url.endsWith('copy-1')) expect(reported.get(`/${family(url)}/base ${url}`)).toBe(1)
    }
    let clear = 0
    for (const [pair, j] of exact) {
      if (pair.includes('copy-1 ') || pair.endsWith('copy-1')) continue
      // Within 0.06 of the threshold a 128-value estimate (standard error ~0.03) may fall either side.
      if (j >= threshold + 0.06) expect(reported.has(pair), `${pair} at ${j}`).toBe(true)
      if (j <= threshold - 0.06) expect(reported.has(pair), `${pair} at ${j}`).toBe(false)
      if (Math.abs(j - threshold) >= 0.06) clear++
    }
    expect(clear).toBeGreaterThan(60)
    for (const [pair, similarity] of reported) {
      expect(similarity).toBeGreaterThanOrEqual(threshold)
      // Every reported pair is a real one, estimated close to its exact Jaccard.
      expect(exact.has(pair), pair).toBe(true)
      expect(Math.abs(similarity - exact.get(pair)!)).toBeLessThan(0.1)
    }
  })

  it.each([0.9, 0.85])(
    'with sketches, reports exactly the planted pairs whose exact Jaccard reaches %s, at their exact similarity',
    async (threshold) => {
      // Pages of 200-1,000 words: each sketch is the whole shingle set, so the answer must be exact,
      // right at the threshold too (the 128-value estimate alone got 0.85-0.91 of these right).
      const texts = plantedSite(40, threshold === 0.9 ? 11 : 12)
      const exact = exactPairs(texts)
      const finder = new NearDuplicateFinder({ threshold })
      const sketches = new Map<string, Uint32Array>()
      for (const [url, words] of texts) {
        const { signature, sketch } = signText(words.join(' '))!
        finder.add(url, signature, sketch)
        sketches.set(url, sketch)
      }
      const pairs = finder.pairs()
      // The store's path (sketches loaded for the candidates only) gives the same answer.
      const loaded = new NearDuplicateFinder({ threshold })
      for (const [url, words] of texts) loaded.add(url, signText(words.join(' '))!.signature)
      expect(
        await loaded.pairsVerifiedBy(async (urls) => new Map(urls.map((u) => [u, sketches.get(u)!])), 7),
      ).toEqual(pairs)
      const reported = new Map(pairs.map((p) => [`${p.a} ${p.b}`, p.similarity]))
      // A 1.0 copy shares the base's signature: it pairs with the base only, the rest are implied.
      const expected = [...exact]
        .filter(([, j]) => j >= threshold)
        .filter(([pair]) => !/copy-1( |$)/.test(pair) || /^\/f\d+\/base \/f\d+\/copy-1$/.test(pair))
        .map(([pair]) => pair)
      const nearThreshold = [...exact.values()].filter((j) => Math.abs(j - threshold) < 0.03).length
      expect(nearThreshold).toBeGreaterThan(10)
      expect([...reported.keys()].sort()).toEqual(expected.sort())
      for (const [pair, similarity] of reported) expect(similarity).toBeCloseTo(exact.get(pair)!, 9)
    },
  )

  it('finds two pages at 0.86 5-gram Jaccard at threshold 0.85 (missed by the simhash test)', () => {
    const random = seeded(86)
    const words = randomWords(random, 1200)
    const copy = editedCopy(words, 0.86, random)
    const j = exactJaccard(wordShingles(words.join(' ')), wordShingles(copy.join(' ')))
    expect(j).toBeGreaterThan(0.855)
    expect(j).toBeLessThan(0.87)
    const pairs = nearDuplicatePairs(
      [
        { url: '/git-a', signature: minhash(words.join(' '))! },
        { url: '/git-b', signature: minhash(copy.join(' '))! },
      ],
      { threshold: 0.85 },
    )
    expect(pairs).toHaveLength(1)
    expect(pairs[0]!.similarity).toBeGreaterThanOrEqual(0.85)
  })

  it('joins pairs into groups and keeps unrelated pages out', () => {
    const random = seeded(3)
    const a = randomWords(random, 300)
    const finder = new NearDuplicateFinder()
    finder.add('/a', minhash(a.join(' '))!)
    finder.add('/b', minhash(editedCopy(a, 0.97, random).join(' '))!)
    finder.add('/c', minhash(editedCopy(a, 0.97, random).join(' '))!)
    finder.add('/other', minhash(randomWords(random, 300).join(' '))!)
    expect(finder.size).toBe(4)
    expect(finder.groups()).toEqual([['/a', '/b', '/c']])
  })

  it('stays sub-quadratic when thousands of pages are copies or near copies of one another', () => {
    const random = seeded(4)
    const words = randomWords(random, 300)
    const signature = minhash(words.join(' '))!
    const finder = new NearDuplicateFinder()
    for (let i = 0; i < 3000; i++) finder.add(`/copy-${i}`, signature)
    // One word changed each: most pairs agree on whole bands, so buckets hold hundreds of pages.
    for (let i = 0; i < 1000; i++) {
      const copy = [...words]
      copy[Math.floor(random() * 300)] = `x${i}`
      finder.add(`/near-${i}`, minhash(copy.join(' '))!)
    }
    // 8 million pairs if every pair were compared and reported (500,000 among the near copies alone):
    // copies pair with the first only, and a window bounds each large bucket's work; the group stays whole.
    const pairs = finder.pairs()
    expect(pairs.length).toBeLessThan(3000 + 1000 * 100)
    expect(pairs.filter((p) => p.a === '/copy-0' && p.b.startsWith('/copy-'))).toHaveLength(2999)
    expect(finder.groups(pairs)).toHaveLength(1)
    expect(finder.groups(pairs)[0]).toHaveLength(4000)
  })

  it('refuses a threshold out of 0.5-1 and a signature of the wrong size', () => {
    expect(() => new NearDuplicateFinder({ threshold: 0.3 })).toThrow(RangeError)
    expect(() => new NearDuplicateFinder({ threshold: Number.NaN })).toThrow(RangeError)
    expect(() => new NearDuplicateFinder().add('/x', new Uint32Array(64))).toThrow(RangeError)
  })
})

describe('near-duplicate site check', () => {
  // Two product pages: their own title, menu and related-product links, and the same 180-word
  // description but one word (simhash put them 6 bits apart; the old test wanted 3 at most).
  const description = randomWords(seeded(180), 180)
  const product = (name: string, words: string[], related: string[]) =>
    `<html><head><title>${name} | Loja</title></head><body><nav>${related
      .map((r) => `<a href="/${r}">${r}</a>`)
      .join(' ')}</nav><main><p>${words.join(' ')}</p></main><footer>Loja ${name}</footer></body></html>`
  const changed = [...description]
  changed[90] = 'azul'
  const row = (url: string, html: string): CrawlPage => ({
    url,
    depth: 1,
    source: 'link',
    status: 200,
    blockedByRobots: false,
    error: null,
    redirectTo: null,
    contentType: 'text/html',
    bytes: html.length,
    firstByteMs: 1,
    totalMs: 1,
    indexable: true,
    fetchedAt: '2026-01-01T00:00:00Z',
    ...pageFacts(url, html, {}, () => true),
  })
  const tables: CrawlTables = {
    startUrl: 'https://loja.test/',
    sitemapUrls: [],
    pages: [
      row('https://loja.test/p/1', product('Caneca', description, ['p/2', 'p/3'])),
      row('https://loja.test/p/2', product('Chávena', changed, ['p/1', 'p/4'])),
      row('https://loja.test/p/3', product('Prato', randomWords(seeded(5), 180), ['p/1'])),
    ],
  }

  it('finds the product pages differing by one word, with their similarity', () => {
    const issue = siteIssues(tables).find((i) => i.type === 'near-duplicate')!
    expect(issue.urls).toEqual(['https://loja.test/p/1', 'https://loja.test/p/2'])
    const detail = issue.details!['https://loja.test/p/1']!
    expect(detail.duplicates).toEqual(['https://loja.test/p/2'])
    expect(detail.similarities![0]).toBeGreaterThanOrEqual(0.9)
    expect(detail.similarities![0]).toBeLessThan(1)
  })

  it('follows the chosen threshold', () => {
    const edited = editedCopy(description, 0.8, seeded(6))
    const more: CrawlTables = {
      ...tables,
      pages: [...tables.pages, row('https://loja.test/p/5', product('Copo', edited, []))],
    }
    const urls = (threshold: number) =>
      siteIssues(more, { nearDuplicateThreshold: threshold }).find((i) => i.type === 'near-duplicate')?.urls
    expect(urls(0.9)).not.toContain('https://loja.test/p/5')
    expect(urls(0.6)).toContain('https://loja.test/p/5')
  })

  it('keeps the signature out of nothing else: an exact copy is duplicate-content only', () => {
    const copy = { ...tables.pages[0]!, url: 'https://loja.test/p/1-copy' }
    const issues = siteIssues({ ...tables, pages: [...tables.pages, copy] })
    expect(issues.find((i) => i.type === 'duplicate-content')?.urls).toContain('https://loja.test/p/1-copy')
    expect(issues.find((i) => i.type === 'near-duplicate')?.urls).not.toContain('https://loja.test/p/1-copy')
    expect(encodeSignature(minhash('x')!)).toHaveLength(684)
  })
})
