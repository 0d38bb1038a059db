// Duplicate and near-duplicate pages. Only indexable pages count: a page that names another as its
// canonical, or says noindex, has already told search engines which copy to keep.
import { hamming } from '../simhash.ts'
import type { IssueDetail } from '../types.ts'
import { type CheckResult, duplicateGroups, type SiteCheck, type SiteIndex } from './site-index.ts'

const indexable = (index: SiteIndex) => index.pages.filter((p) => p.indexable)

export const duplicateTitle: SiteCheck = {
  id: 'duplicate-title',
  severity: 'warning',
  title: { pt: 'Títulos duplicados', en: 'Duplicate titles' },
  description: {
    pt: 'Várias páginas indexáveis têm o mesmo <title>. Cada página deve ter um título próprio que descreva o seu conteúdo.',
    en: 'Several indexable pages share the same <title>. Give each page its own title describing its content.',
  },
  run: (index) => duplicateGroups(indexable(index), (p) => p.title?.trim() || null),
}

export const duplicateDescription: SiteCheck = {
  id: 'duplicate-description',
  severity: 'warning',
  title: { pt: 'Meta descrições duplicadas', en: 'Duplicate meta descriptions' },
  description: {
    pt: 'Várias páginas indexáveis têm a mesma meta descrição. Escreva uma descrição própria para cada página.',
    en: 'Several indexable pages share the same meta description. Write a description of its own for each page.',
  },
  run: (index) => duplicateGroups(indexable(index), (p) => p.description?.trim() || null),
}

export const duplicateContent: SiteCheck = {
  id: 'duplicate-content',
  severity: 'error',
  title: { pt: 'Conteúdo duplicado', en: 'Duplicate content' },
  description: {
    pt: 'Várias páginas indexáveis têm exatamente o mesmo texto principal. Junte-as, redirecione ou indique uma canónica.',
    en: 'Several indexable pages have exactly the same main text. Merge them, redirect, or point them to one canonical.',
  },
  run: (index) => duplicateGroups(indexable(index), (p) => (p.wordCount > 0 ? p.contentHash : null)),
}

/** Hamming distance at or under which two simhashes count as near duplicates. */
export const NEAR_DUPLICATE_BITS = 3

/**
 * Pairs within NEAR_DUPLICATE_BITS, found by the pigeonhole rule: 64 bits in 4 bands of 16, so two hashes
 * at most 3 bits apart agree exactly on at least one band. Only pages sharing a band are compared, which
 * keeps a 50,000-page crawl far from 1.25 billion comparisons.
 */
export function nearDuplicatePairs(items: readonly { url: string; simhash: string }[]): [string, string][] {
  const pairs = new Set<string>()
  const out: [string, string][] = []
  for (let band = 0; band < 4; band++) {
    const buckets = new Map<string, number[]>()
    items.forEach((item, i) => {
      const key = item.simhash.slice(band * 4, band * 4 + 4)
      const bucket = buckets.get(key)
      if (bucket) bucket.push(i)
      else buckets.set(key, [i])
    })
    for (const bucket of buckets.values()) {
      for (let a = 0; a < bucket.length; a++) {
        for (let b = a + 1; b < bucket.length; b++) {
          const x = items[bucket[a]!]!
          const y = items[bucket[b]!]!
          const key = `${bucket[a]}:${bucket[b]}`
          if (pairs.has(key)) continue
          if (hamming(x.simhash, y.simhash) <= NEAR_DUPLICATE_BITS) {
            pairs.add(key)
            out.push([x.url, y.url])
          }
        }
      }
    }
  }
  return out
}

function addDuplicate(details: Record<string, IssueDetail>, url: string, other: string): void {
  const detail = details[url] ?? { duplicates: [] }
  detail.duplicates!.push(other)
  details[url] = detail
}

export const nearDuplicate: SiteCheck = {
  id: 'near-duplicate',
  severity: 'warning',
  title: { pt: 'Conteúdo quase duplicado', en: 'Near-duplicate content' },
  description: {
    pt: 'Estas páginas indexáveis têm um texto principal quase igual (simhash a 3 bits ou menos). Diferencie-as ou junte-as.',
    en: 'These indexable pages have almost the same main text (simhash within 3 bits). Make them distinct or merge them.',
  },
  run(index): CheckResult {
    const items = indexable(index)
      .filter((p) => p.simhash !== null)
      .map((p) => ({ url: p.url, simhash: p.simhash!, hash: p.contentHash }))
    const byUrl = new Map(items.map((i) => [i.url, i]))
    const details: Record<string, IssueDetail> = {}
    for (const [a, b] of nearDuplicatePairs(items)) {
      // Exact copies are duplicate-content's; reporting them twice would double the work to do.
      if (byUrl.get(a)!.hash === byUrl.get(b)!.hash) continue
      addDuplicate(details, a, b)
      addDuplicate(details, b, a)
    }
    return { urls: Object.keys(details), details }
  },
}
