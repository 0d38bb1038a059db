// The tools that need only the engine (no server, no account): audit one page, crawl a public site.
// `farol mcp` serves these on stdio; the server offers its own versions that run as the user's tasks.
import { z } from 'zod'
import type { AuditResult } from '../audit.ts'
import type { CrawlReport } from '../crawl/report.ts'
import type { Lang } from '../types.ts'
import { defineTool, type McpTool } from './tool.ts'

const lang = z.enum(['pt', 'en']).default('en').describe('Language of the texts in the answer.')

/**
 * What the page says about itself, as Farol's on-page checks read it: the facts an agent needs to propose
 * a fix (a new title or description, the H1, the canonical) without fetching the page again.
 */
function pageFacts(result: AuditResult) {
  const s = result.onPage.summary
  return {
    statusCode: s.statusCode,
    title: s.metaTags.title,
    titleLength: s.metaTags.titleLength,
    description: s.metaTags.description,
    descriptionLength: s.metaTags.descriptionLength,
    // Results stored before the H1 texts were kept have only the flags: null, not an empty list.
    h1: s.h1 ?? null,
    canonical: s.canonical,
    indexable: s.indexable,
    lang: s.language.declared,
    wordCount: s.wordCount,
    renderedWordCount: s.renderedWordCount,
    https: s.security.https,
    mobileViewport: s.mobileFriendly,
    links: { internal: s.links.internal, external: s.links.external },
    images: s.images,
    structuredDataTypes: s.structuredDataTypes,
  }
}

/** The compact view of an audit an agent starts from: scores, then what fails, most serious first. */
export function auditSummary(result: AuditResult, language: Lang) {
  const impact = { high: 0, medium: 1, low: 2 } as const
  const failing = result.onPage.findings
    .filter((f) => f.verdict === 'fail' || f.verdict === 'warn')
    .sort((a, b) => impact[a.impact] - impact[b.impact] || (a.verdict === 'fail' ? -1 : 1))
  const page = pageFacts(result)
  const data = {
    url: result.url,
    finalUrl: result.finalUrl,
    scores: { seo: result.scores.seo, aio: result.scores.aio, overall: result.scores.overall.score },
    page,
    failing: failing.slice(0, 10).map((f) => ({
      id: f.id,
      verdict: f.verdict,
      impact: f.impact,
      title: f.title[language],
    })),
    failingCount: failing.length,
    aioWeaknesses: result.aio.weaknesses.slice(0, 5).map((w) => w.explanation[language]),
    lighthouse: {
      desktop: result.lighthouse.desktop
        ? 'ran'
        : (result.lighthouse.errors.desktop?.message[language] ?? 'not run'),
      mobile: result.lighthouse.mobile
        ? 'ran'
        : (result.lighthouse.errors.mobile?.message[language] ?? 'not run'),
    },
  }
  const quoted = (text: string | null) => (text ? `"${text}"` : 'none')
  const summary = [
    `${result.finalUrl}: overall ${data.scores.overall}/100 (SEO ${data.scores.seo}, AIO ${data.scores.aio}).`,
    `Title ${quoted(page.title)} (${page.titleLength} characters); description ${quoted(page.description)}; H1 ${page.h1 ? page.h1.map(quoted).join(', ') || 'none' : 'unknown'}; canonical ${page.canonical ?? 'none'}; ${page.wordCount} words.`,
    failing.length
      ? `${failing.length} checks fail or warn; first: ${data.failing
          .slice(0, 3)
          .map((f) => f.title)
          .join('; ')}.`
      : 'No on-page check fails.',
  ].join('\n')
  return { summary, data }
}

export async function crawlSummary(report: CrawlReport, startUrl: string, language: Lang) {
  const { siteCheckById } = await import('../crawl/checks/index.ts')
  const bySeverity = { error: 0, warning: 0, notice: 0 }
  for (const issue of report.issues) bySeverity[issue.severity] += issue.urls.length
  const order = { error: 0, warning: 1, notice: 2 } as const
  const issues = [...report.issues]
    .sort((a, b) => order[a.severity] - order[b.severity] || b.urls.length - a.urls.length)
    .map((i) => ({
      type: i.type,
      severity: i.severity,
      title: siteCheckById.get(i.type)?.title[language] ?? i.type,
      count: i.urls.length,
      urls: i.urls.slice(0, 5),
    }))
  const summary = [
    `${startUrl}: ${report.stats.pages} ${report.stats.pages === 1 ? 'page' : 'pages'} crawled in ${report.stats.seconds.toFixed(1)} s.`,
    `Issues: ${bySeverity.error} errors, ${bySeverity.warning} warnings, ${bySeverity.notice} notices.`,
    ...issues.slice(0, 5).map((i) => `- [${i.severity}] ${i.title}: ${i.count}`),
  ].join('\n')
  return { summary, data: { url: startUrl, stats: report.stats, issues } }
}

export function engineTools(options: { allowPrivate: boolean }): McpTool[] {
  return [
    defineTool({
      name: 'audit_page',
      title: 'Audit a page',
      description:
        'Audits one web page for SEO and AI optimisation (AIO): on-page checks, AI readability and, when asked, Lighthouse performance. Answers the scores, the failing checks (most serious first) and the page facts: title, description, H1, canonical, word count.',
      input: {
        url: z.string().max(2048).describe('The page address, e.g. https://example.com/'),
        lighthouse: z
          .enum(['none', 'desktop', 'mobile', 'both'])
          .default('none')
          .describe('Also run Lighthouse (needs Chromium; 20-60 s per device).'),
        lang,
      },
      async run(args, ctx) {
        const { audit } = await import('../audit.ts')
        const steps = {
          fetching: 10,
          'onpage-done': 40,
          'lighthouse-start': 50,
          'lighthouse-done': 90,
          done: 100,
        }
        let pending = Promise.resolve()
        const result = await audit(args.url, {
          device: args.lighthouse,
          lang: args.lang,
          allowPrivate: options.allowPrivate,
          signal: ctx.signal,
          onProgress: (event) => {
            pending = pending.then(() => ctx.progress(steps[event.type], 100, event.type))
          },
        })
        await pending
        return auditSummary(result, args.lang)
      },
    }),
    defineTool({
      name: 'crawl_site',
      title: 'Crawl a site',
      description:
        'Crawls a public site from a start address (same host, robots.txt obeyed, politely) and lists the site-wide issues: broken links, redirect chains, duplicates, canonical, hreflang and sitemap errors, orphan and deep pages.',
      input: {
        url: z.string().max(2048).describe('The start address.'),
        maxPages: z.number().int().min(1).max(500).default(50).describe('Pages to fetch at most.'),
        lang,
      },
      async run(args, ctx) {
        const { crawl } = await import('../crawl/crawler.ts')
        const { buildCrawlReport } = await import('../crawl/report.ts')
        let pending = Promise.resolve()
        const run = await crawl(args.url, {
          maxPages: args.maxPages,
          allowPrivate: options.allowPrivate,
          signal: ctx.signal,
          onProgress: (p) => {
            pending = pending.then(() => ctx.progress(p.pages, args.maxPages, `${p.pages} pages`))
          },
        })
        await pending
        return crawlSummary(buildCrawlReport(run), args.url, args.lang)
      },
    }),
  ]
}
