// Duplicate and near-duplicate pages. Only indexable pages count: a page that names another as its
// canonical, or says noindex, has already told search engines which copy to keep.
import { decodeSignature, decodeSketch } from '../minhash.ts'
import type { IssueDetail } from '../types.ts'
import { NearDuplicateFinder } from './near-duplicates.ts'
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

/** Other pages listed per URL (most similar first); the count of the issue still has every URL. */
const LISTED_DUPLICATES = 20

export const nearDuplicate: SiteCheck = {
  id: 'near-duplicate',
  severity: 'warning',
  title: { pt: 'Conteúdo quase duplicado', en: 'Near-duplicate content' },
  description: {
    pt: 'Estas páginas indexáveis têm um texto principal quase igual (semelhança indicada por par, a partir do limiar escolhido, 90% por omissão). Diferencie-as ou junte-as.',
    en: 'These indexable pages have almost the same main text (similarity shown for each pair, from the chosen threshold, 90% by default). Make them distinct or merge them.',
  },
  run(index): CheckResult {
    const threshold = index.options.nearDuplicateThreshold
    const finder = new NearDuplicateFinder(threshold === undefined ? {} : { threshold })
    const hashes = new Map<string, string | null>()
    for (const page of indexable(index)) {
      const signature = page.minhash ? decodeSignature(page.minhash) : null
      if (!signature) continue
      finder.add(page.url, signature, page.sketch ? decodeSketch(page.sketch) : null)
      hashes.set(page.url, page.contentHash)
    }
    const found = new Map<string, { url: string; similarity: number }[]>()
    const add = (url: string, other: string, similarity: number) => {
      const list = found.get(url)
      if (list) list.push({ url: other, similarity })
      else found.set(url, [{ url: other, similarity }])
    }
    // Pairs come most similar first, so each URL's list is too.
    for (const { a, b, similarity } of finder.pairs()) {
      // Exact copies are duplicate-content's; reporting them twice would double the work to do.
      if (hashes.get(a) === hashes.get(b)) continue
      add(a, b, similarity)
      add(b, a, similarity)
    }
    const details: Record<string, IssueDetail> = {}
    for (const [url, list] of found) {
      const listed = list.slice(0, LISTED_DUPLICATES)
      details[url] = {
        duplicates: listed.map((d) => d.url),
        similarities: listed.map((d) => Math.round(d.similarity * 100) / 100),
      }
    }
    return { urls: Object.keys(details), details }
  },
}
