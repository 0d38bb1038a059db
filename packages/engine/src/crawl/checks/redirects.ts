// Redirect chains and loops, followed through the crawl's own rows (each hop was fetched and recorded).
import type { IssueDetail } from '../types.ts'
import { isRedirect, type SiteCheck, type SiteIndex } from './site-index.ts'

export interface RedirectPath {
  /** The URLs from the first to the last visited (a loop ends on the URL it returns to). */
  chain: string[]
  loop: boolean
}

/** Follows redirectTo from `url` through recorded rows until a non-redirect, an unknown URL or a repeat. */
export function followRedirects(index: SiteIndex, url: string): RedirectPath {
  const chain = [url]
  const seen = new Set(chain)
  let page = index.byUrl.get(url)
  while (isRedirect(page) && page?.redirectTo) {
    const next = page.redirectTo
    chain.push(next)
    if (seen.has(next)) return { chain, loop: true }
    seen.add(next)
    page = index.byUrl.get(next)
  }
  return { chain, loop: false }
}

/** Redirecting URLs reached other than as a hop of another redirect: where chains start. */
function chainStarts(index: SiteIndex): string[] {
  const hops = new Set<string>()
  for (const page of index.pages) if (isRedirect(page) && page.redirectTo) hops.add(page.redirectTo)
  return index.pages
    .filter((p) => isRedirect(p) && (!hops.has(p.url) || p.source !== 'redirect'))
    .map((p) => p.url)
}

export const redirectChain: SiteCheck = {
  id: 'redirect-chain',
  severity: 'warning',
  title: { pt: 'Cadeias de redirecionamento', en: 'Redirect chains' },
  description: {
    pt: 'Estes endereços passam por dois ou mais redirecionamentos até ao destino. Redirecione diretamente para o destino final.',
    en: 'These addresses go through two or more redirects before the destination. Redirect straight to the final destination.',
  },
  run(index) {
    const details: Record<string, IssueDetail> = {}
    for (const start of chainStarts(index)) {
      const path = followRedirects(index, start)
      if (!path.loop && path.chain.length - 1 >= 2) details[start] = { chain: path.chain }
    }
    return { urls: Object.keys(details), details }
  },
}

export const redirectLoop: SiteCheck = {
  id: 'redirect-loop',
  severity: 'error',
  title: { pt: 'Redirecionamentos em ciclo', en: 'Redirect loops' },
  description: {
    pt: 'Estes endereços redirecionam em ciclo e nunca chegam a uma página. Corrija as regras de redirecionamento.',
    en: 'These addresses redirect in a loop and never reach a page. Fix the redirect rules.',
  },
  run(index) {
    const details: Record<string, IssueDetail> = {}
    const reported = new Set<string>()
    for (const start of chainStarts(index)) {
      const path = followRedirects(index, start)
      if (!path.loop) continue
      // One loop reached from several entries is one issue per entry; the same loop member twice is not.
      if (reported.has(start)) continue
      for (const url of path.chain) reported.add(url)
      details[start] = { chain: path.chain }
    }
    return { urls: Object.keys(details), details }
  },
}
