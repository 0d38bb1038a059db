// A generated crawl of N pages written straight into the page store (no HTTP): for the inventory's tests
// and bench:crawl at 20,000+ rows. Deterministic: page i's facts follow from i, so tests can compute the
// expected answer of each query. Every 4th page has no meta description, every 10th answers 404, every
// 50th is noindex, every 7th has two H1; each page links home, to the next page and to page i*2.
import { randomUUID } from 'node:crypto'
import type { CrawlPage } from '@farol/engine/crawl/index.ts'
import type { Db } from '../../platform/db/database.ts'
import { ensureCrawl } from './frontier.ts'
import { finishCrawl, writePages } from './store.ts'

const ORIGIN = 'https://big.test'
export const generatedUrl = (i: number) =>
  i === 0 ? `${ORIGIN}/` : `${ORIGIN}/${i % 3 === 0 ? 'blog' : 'docs'}/p${i}`

const WORDS = Array.from({ length: 200 }, (_, k) => `w${k}`).join(' ')

export function generatedPage(i: number, n: number): CrawlPage {
  const status = i > 0 && i % 10 === 0 ? 404 : 200
  const html = status === 200
  const noindex = i % 50 === 5
  return {
    url: generatedUrl(i),
    depth: i === 0 ? 0 : 1 + (i % 6),
    source: i === 0 ? 'start' : 'link',
    status,
    blockedByRobots: false,
    error: null,
    redirectTo: null,
    contentType: 'text/html; charset=utf-8',
    title: html ? `Página número ${i} da documentação gerada` : null,
    description: html && i % 4 !== 0 ? `Descrição da página ${i}: ${WORDS.slice(0, 100)}` : null,
    h1: html ? `Página ${i}` : null,
    canonical: html ? generatedUrl(i) : null,
    noindex,
    nofollow: false,
    hreflang: [],
    links: html
      ? [generatedUrl(0), generatedUrl((i + 1) % n), generatedUrl((i * 2) % n)].map((url) => ({
          url,
          text: `para ${url.slice(ORIGIN.length)}`,
          nofollow: false,
          internal: true,
        }))
      : [],
    contentHash: html ? `hash-${i}` : null,
    minhash: null,
    wordCount: html ? 150 + (i % 500) : 0,
    bytes: 1000 + i,
    firstByteMs: 5 + (i % 90),
    totalMs: 10 + (i % 97),
    indexable: html && !noindex,
    fetchedAt: new Date(0).toISOString(),
    ...(html
      ? {
          h1Count: i % 7 === 0 ? 2 : 1,
          lang: 'pt',
          imagesWithoutAlt: 0,
          insecureResources: 0,
          viewport: 'width=device-width, initial-scale=1',
        }
      : {}),
  }
}

/** Writes an n-page generated crawl and runs the end-of-crawl queries; returns its id. */
export async function generatedCrawl(db: Db, n: number, userId: string | null = null): Promise<string> {
  const id = randomUUID()
  await ensureCrawl(db, { id, userId, startUrl: generatedUrl(0), maxPages: n })
  for (let i = 0; i < n; i += 2000) {
    const batch: CrawlPage[] = []
    for (let k = i; k < Math.min(n, i + 2000); k++) batch.push(generatedPage(k, n))
    await writePages(db, id, batch)
  }
  await finishCrawl(db, id)
  return id
}
