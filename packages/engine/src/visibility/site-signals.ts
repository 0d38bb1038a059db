// What a site does that assistants can use, from its Farol audit: the SEO and AIO scores, llms.txt, FAQ
// markup, statistics in the text and AI crawler access. Shown beside each competitor so the user sees what
// the cited competitors do that they don't. Pure over the audit result.
import type { AuditResult } from '../audit.ts'
import type { Localized } from '../types.ts'

export interface SiteSignals {
  url: string
  seo: number
  aio: number
  llmsTxt: boolean
  faqMarkup: boolean
  /** Statistics per 500 words of main text. */
  statisticsPer500Words: number
  /** AI crawlers (GPTBot, ClaudeBot, PerplexityBot, Google-Extended…) blocked by robots.txt. */
  aiCrawlersBlocked: number
}

export function siteSignals(audit: AuditResult): SiteSignals {
  const s = audit.aio.signals
  return {
    url: audit.finalUrl,
    seo: audit.scores.seo,
    aio: audit.scores.aio,
    llmsTxt: s.llmsTxt.present,
    faqMarkup: s.entity.types.some((t) => /^(FAQPage|QAPage)$/i.test(t)),
    statisticsPer500Words: Math.round(s.facts.statisticsPer500Words * 10) / 10,
    aiCrawlersBlocked: Object.values(s.robots.blocked).reduce((n, list) => n + list.length, 0),
  }
}

/** What competitors named by the assistants have and the brand lacks: evidence for a recommendation. */
export function signalGaps(
  brand: SiteSignals | null,
  competitors: { name: string; signals: SiteSignals }[],
): Localized[] {
  if (!brand) return []
  const gaps: Localized[] = []
  const having = (test: (s: SiteSignals) => boolean) =>
    competitors.filter((c) => test(c.signals)).map((c) => c.name)
  const llms = having((s) => s.llmsTxt)
  if (!brand.llmsTxt && llms.length)
    gaps.push({
      pt: `llms.txt: ${llms.join(', ')} têm, o seu site não`,
      en: `llms.txt: ${llms.join(', ')} have one, your site does not`,
    })
  const faq = having((s) => s.faqMarkup)
  if (!brand.faqMarkup && faq.length)
    gaps.push({
      pt: `FAQ marcada (schema.org): ${faq.join(', ')}`,
      en: `FAQ markup (schema.org): ${faq.join(', ')}`,
    })
  const stats = having((s) => s.statisticsPer500Words > brand.statisticsPer500Words + 1)
  if (stats.length)
    gaps.push({
      pt: `mais estatísticas no texto: ${stats.join(', ')}`,
      en: `more statistics in the text: ${stats.join(', ')}`,
    })
  const open = having((s) => s.aiCrawlersBlocked === 0)
  if (brand.aiCrawlersBlocked > 0 && open.length)
    gaps.push({
      pt: `deixam os rastreadores de IA ler o site: ${open.join(', ')}`,
      en: `let AI crawlers read the site: ${open.join(', ')}`,
    })
  return gaps
}
