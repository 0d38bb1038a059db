// What a log analysis means for the site, as findings the dashboard's recommendations and the PDF show
// beside the crawl's issues (same shape: a type, a severity, a count, a few examples, PT/EN title and
// advice). Pure: the aggregates and the joins come in, computed by analyze.ts and joins.ts.
import type { SiteAuditIssue } from '../crawl/summary.ts'
import type { Localized } from '../types.ts'
import type { BotSummary } from './aggregate.ts'
import type { CrawlJoin, PresenceJoin } from './joins.ts'

/** The latest log analysis of a site, reduced to its findings (GET /api/bots/summary, the PDF). */
export interface BotLogFindings {
  /** The site's origin as analysed. */
  url: string
  analysedAt: string
  period: { from: string | null; to: string | null }
  issues: SiteAuditIssue[]
}

const EXAMPLES = 3

interface FindingText {
  title: Localized
  description: Localized
}

/** Stable ids, their severity and strings (the advice says what to do). */
export const botFindingTexts: Record<string, FindingText & { severity: SiteAuditIssue['severity'] }> = {
  'bots-spoofed': {
    severity: 'warning',
    title: {
      pt: 'Pedidos que fingem ser robôs de IA ou de pesquisa',
      en: 'Requests pretending to be AI or search crawlers',
    },
    description: {
      pt: 'Estes pedidos usam o nome de um robô conhecido mas vêm de endereços que não são do seu operador. Não os trate como o robô verdadeiro: limite-os ou bloqueie-os na firewall ou na CDN, sem bloquear o robô verdadeiro.',
      en: "These requests use a known crawler's name but come from addresses its operator does not use. Do not treat them as the real crawler: rate-limit or block them at the firewall or CDN without blocking the real one.",
    },
  },
  'bots-broken-pages': {
    severity: 'error',
    title: {
      pt: 'Robôs pedem páginas que respondem com erro',
      en: 'Crawlers fetch pages that answer with an error',
    },
    description: {
      pt: 'Os robôs continuam a pedir estas páginas, que hoje respondem com 4xx ou 5xx. Redirecione-as (301) para a página que as substitui, ou corrija as ligações que levam até elas.',
      en: 'Crawlers keep fetching these pages, which now answer 4xx or 5xx. Redirect them (301) to the page that replaced them, or fix the links that lead there.',
    },
  },
  'bots-non-indexable': {
    severity: 'warning',
    title: {
      pt: 'Robôs gastam visitas em páginas não indexáveis',
      en: 'Crawlers spend visits on non-indexable pages',
    },
    description: {
      pt: 'Estas páginas têm noindex ou um canónico para outra página, mas são muito visitadas pelos robôs. Se não devem ser lidas, deixe de ligar para elas ou bloqueie-as no robots.txt; se devem, retire o noindex.',
      en: 'These pages carry noindex or a canonical to another page yet crawlers visit them often. If they should not be read, stop linking to them or disallow them in robots.txt; if they should, remove the noindex.',
    },
  },
  'bots-unfetched': {
    severity: 'warning',
    title: {
      pt: 'Páginas importantes que nenhum robô de IA visitou',
      en: 'Important pages no AI crawler fetched',
    },
    description: {
      pt: 'Estas são das páginas com mais ligações internas do site, mas nenhum robô de IA (treino ou pesquisa) as pediu no período do registo. Confirme que o robots.txt os deixa entrar, que as páginas estão no sitemap e que o conteúdo está no HTML sem JavaScript.',
      en: "These are among the site's best-linked pages, yet no AI crawler (training or search) fetched them in the log's period. Check that robots.txt lets them in, that the pages are in the sitemap and that the content is in the HTML without JavaScript.",
    },
  },
  'bots-stale-citations': {
    severity: 'notice',
    title: {
      pt: 'Páginas citadas pelos assistentes que o robô deles não visita há muito',
      en: 'Pages the assistants cite that their crawler has not fetched lately',
    },
    description: {
      pt: 'Um assistente citou estas páginas, mas o robô do mesmo operador não as pediu nos 30 dias antes da citação (ou nunca, no registo): a resposta pode estar a usar uma versão antiga. Atualize a data de modificação no sitemap e avise os motores (IndexNow) quando mudar o conteúdo.',
      en: "An assistant cited these pages, but the same operator's crawler had not fetched them in the 30 days before (or ever, in the log): the answer may use an old version. Keep the sitemap's lastmod current and notify engines (IndexNow) when the content changes.",
    },
  },
  'bots-ignore-robots': {
    severity: 'notice',
    title: {
      pt: 'Robôs que pedem caminhos proibidos no robots.txt',
      en: 'Crawlers fetching paths robots.txt disallows',
    },
    description: {
      pt: 'Estes robôs pediram caminhos que o seu robots.txt lhes proíbe. Confirme que a regra é a que quer; se for, bloqueie-os na firewall ou na CDN, porque não a respeitam.',
      en: 'These crawlers fetched paths your robots.txt disallows for them. Check the rule is what you want; if it is, block them at the firewall or CDN, since they do not obey it.',
    },
  },
}

function finding(type: string, count: number, examples: string[]): SiteAuditIssue {
  const text = botFindingTexts[type]!
  return {
    type,
    severity: text.severity,
    count,
    examples: examples.slice(0, EXAMPLES),
    title: text.title,
    description: text.description,
  }
}

const severityRank = { error: 0, warning: 1, notice: 2 } as const

export function botFindings(
  bots: readonly BotSummary[],
  joins: { crawl: CrawlJoin | null; presence: PresenceJoin | null },
): SiteAuditIssue[] {
  const out: SiteAuditIssue[] = []
  const spoofed = bots.filter((b) => b.spoofed > 0).sort((a, b) => b.spoofed - a.spoofed)
  if (spoofed.length)
    out.push(
      finding(
        'bots-spoofed',
        spoofed.reduce((n, b) => n + b.spoofed, 0),
        spoofed.map((b) => `${b.token} (${b.spoofed})`),
      ),
    )
  const crawl = joins.crawl
  if (crawl?.broken.length)
    out.push(
      finding(
        'bots-broken-pages',
        crawl.broken.length,
        crawl.broken.map((r) => `${r.path} (${r.status})`),
      ),
    )
  if (crawl?.nonIndexable.length)
    out.push(
      finding(
        'bots-non-indexable',
        crawl.nonIndexable.length,
        crawl.nonIndexable.map((r) => r.path),
      ),
    )
  if (crawl?.unfetched.length)
    out.push(
      finding(
        'bots-unfetched',
        crawl.unfetched.length,
        crawl.unfetched.map((r) => r.path),
      ),
    )
  const stale = joins.presence?.cited.filter((c) => c.stale) ?? []
  const stalePaths = [...new Set(stale.map((c) => c.path))]
  if (stalePaths.length) out.push(finding('bots-stale-citations', stalePaths.length, stalePaths))
  const ignoring = bots
    .filter((b) => (b.disallowedHits ?? 0) > 0)
    .sort((a, b) => b.disallowedHits! - a.disallowedHits!)
  if (ignoring.length)
    out.push(
      finding(
        'bots-ignore-robots',
        ignoring.length,
        ignoring.map((b) => `${b.token} (${b.disallowedHits})`),
      ),
    )
  return out.sort((a, b) => severityRank[a.severity] - severityRank[b.severity] || b.count - a.count)
}
