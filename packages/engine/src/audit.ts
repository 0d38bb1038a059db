// The audit of one URL: fetch and parse → on-page SEO and AIO at once (seconds) → Lighthouse desktop
// then mobile (tens of seconds each) → scores. The on-page part is reported as soon as it exists, and a
// Lighthouse failure never loses it.
import { type AioResult, analyzeAio } from './aio/index.ts'
import { withOnPageFacts } from './analysis/one-verdict.ts'
import { EngineError, type EngineErrorCode, engineErrors, isEngineError } from './errors.ts'
import { type EgressProxy, startEgressProxy } from './fetch/index.ts'
import type { FieldResult } from './field/types.ts'
import { gatherArtifacts, type SeoArtifacts } from './gather/index.ts'
import { LIGHTHOUSE_LOCALES } from './lighthouse/localize.ts'
import { mapLighthouseResult, type PageMeta } from './lighthouse/map.ts'
import { runLighthouse } from './lighthouse/runner.ts'
import type {
  LighthouseDevice,
  LighthouseResult,
  LighthouseRun,
  RunLighthouseOptions,
  SeoResult,
} from './lighthouse/types.ts'
import type { RenderedFacts } from './page/rendered.ts'
import { type OverallScore, overallScore } from './scores/index.ts'
import { type OnPageSummary, runSeoChecks } from './seo/index.ts'
import type { Finding, Lang, Localized, PageArtifacts } from './types.ts'

export type AuditDevice = LighthouseDevice | 'both' | 'none'

export type { AioResult, OnPageSummary }

export interface OnPageResult {
  findings: Finding[]
  summary: OnPageSummary
  /** Farol's on-page SEO score 0-100 (scores/on-page.ts), null when nothing could be scored. */
  score: number | null
  /**
   * Set when the document answered 4xx/5xx: why its content was not audited (the content findings are
   * 'na' with `notAudited`; only the status and site-level findings have verdicts). See seo/not-audited.ts.
   */
  notAudited?: Localized
}

function onPageResult(checks: { findings: Finding[]; summary: OnPageSummary }): OnPageResult {
  const { findings, summary } = checks
  return {
    findings,
    summary,
    score: summary.score,
    ...(summary.notAudited ? { notAudited: summary.notAudited } : {}),
  }
}

export interface LighthouseError {
  code: EngineErrorCode
  message: Localized
  /** Technical detail (Lighthouse's runtime error code, the timeout), for logs and support. */
  detail?: string
}

export interface LighthouseResults {
  desktop: SeoResult | null
  mobile: SeoResult | null
  errors: Partial<Record<LighthouseDevice, LighthouseError>>
  /** The raw Lighthouse results (the spec's lighthouseResult, for reports), only with `keepRawLighthouse`. */
  raw?: Partial<Record<LighthouseDevice, LighthouseResult>>
}

export interface AuditScores {
  /**
   * SEO 0-100: Farol's on-page score, blended with Lighthouse's performance score when Lighthouse ran
   * (the product's SEO score covers structure and speed). `seoParts` shows both inputs and the weights.
   */
  seo: number
  seoParts: {
    onPage: number | null
    performance: number | null
    weights: { onPage: number; performance: number }
  }
  aio: number
  /** LLM presence needs an LLM provider; the audit has none, so it is null and its weight redistributed. */
  llm: null
  overall: OverallScore
}

export interface AuditResult {
  url: string
  finalUrl: string
  /** ISO 8601 time the page was fetched. */
  fetchedAt: string
  lang: Lang
  onPage: OnPageResult
  aio: AioResult
  /**
   * Set by the server on a Lighthouse task that is part of an analysis: `aio` (and `scores`) are then the
   * analysis's, its AIO task's (decision 017), and this is the run's own reading of the rendered page.
   */
  aioRendered?: AioResult
  lighthouse: LighthouseResults
  scores: AuditScores
  /**
   * Real users' Core Web Vitals from the Chrome UX Report for the run's device (field/); set by the server
   * after the audit, absent on device-less runs and on results stored before it existed.
   */
  field?: FieldResult
}

export type AuditProgress =
  | { type: 'fetching'; url: string }
  | { type: 'onpage-done'; elapsedMs: number; onPage: OnPageResult; aio: AioResult }
  | { type: 'lighthouse-start'; device: LighthouseDevice; elapsedMs: number }
  | {
      type: 'lighthouse-done'
      device: LighthouseDevice
      elapsedMs: number
      error?: LighthouseError
      /** The run's own figures (time in the child, its memory), when it succeeded. */
      run?: Pick<LighthouseRun, 'durationMs' | 'childMaxRssBytes' | 'timings'>
    }
  | { type: 'done'; elapsedMs: number }

export interface AuditOptions {
  device: AuditDevice
  lang: Lang
  /** Allow loopback and private targets (tests, intranets). Default: FAROL_ALLOW_PRIVATE_TARGETS=1. */
  allowPrivate?: boolean
  /** The address was typed without a scheme: when https cannot connect, audit it over http (fetch/classify.ts). */
  httpFallback?: boolean
  onProgress?: (event: AuditProgress) => void
  /** Keep each run's full LHR in `lighthouse.raw` (about 0.5-2 MB each; reports need it, most callers not). */
  keepRawLighthouse?: boolean
  /** Per Lighthouse run; default runner's (90 s). */
  lighthouseTimeoutMs?: number
  signal?: AbortSignal
}

/** Seams for tests: each stage can be replaced. Production code passes nothing. */
export interface AuditDeps {
  gather: typeof gatherArtifacts
  runLighthouse: (url: string, opts: RunLighthouseOptions) => Promise<LighthouseRun>
  startProxy: (opts: { allowPrivate?: boolean }) => Promise<EgressProxy>
}

const defaultDeps: AuditDeps = {
  gather: gatherArtifacts,
  runLighthouse,
  startProxy: (opts) => startEgressProxy(opts),
}

/** Weights of the SEO score when Lighthouse's performance is known. */
export const SEO_WEIGHTS = { onPage: 0.7, performance: 0.3 } as const

export function devicesFor(device: AuditDevice): LighthouseDevice[] {
  if (device === 'both') return ['desktop', 'mobile']
  if (device === 'none') return []
  return [device]
}

/** Title and description as written in the raw HTML (Lighthouse's result has only their verdicts). */
export function pageMeta(artifacts: PageArtifacts): PageMeta {
  const { $ } = artifacts
  const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
  return {
    title: clean($('head title').first().text() || $('title').first().text()),
    description: clean($('meta[name="description" i]').first().attr('content')),
  }
}

function toLighthouseError(e: unknown): LighthouseError {
  const error = isEngineError(e)
    ? e
    : new EngineError('LIGHTHOUSE_FAILED', e instanceof Error ? e.message : String(e))
  return {
    code: error.code,
    message: { ...engineErrors[error.code] },
    ...(error.detail ? { detail: error.detail } : {}),
  }
}

export function auditScores(onPage: number | null, aio: number, lighthouse: LighthouseResults): AuditScores {
  const perf = [lighthouse.desktop?.performanceScore, lighthouse.mobile?.performanceScore].filter(
    (n): n is number => typeof n === 'number',
  )
  const performance = perf.length ? Math.round(perf.reduce((a, b) => a + b, 0) / perf.length) : null
  let seo: number
  let weights: { onPage: number; performance: number }
  if (onPage !== null && performance !== null) {
    weights = { ...SEO_WEIGHTS }
    seo = Math.round(SEO_WEIGHTS.onPage * onPage + SEO_WEIGHTS.performance * performance)
  } else {
    weights = onPage !== null ? { onPage: 1, performance: 0 } : { onPage: 0, performance: 1 }
    seo = onPage ?? performance ?? 0
  }
  return {
    seo,
    seoParts: { onPage, performance, weights },
    aio,
    llm: null,
    overall: overallScore({ seo, aio, llm: null }),
  }
}

/** The artifacts with a Lighthouse run's rendered facts (anchors, and the HTML after JavaScript when read). */
export function withRendered(artifacts: SeoArtifacts, rendered: RenderedFacts): SeoArtifacts {
  return {
    ...artifacts,
    rendered,
    renderedHtml: rendered.html ?? artifacts.renderedHtml,
  }
}

/**
 * Audits one URL. Throws the fetcher's EngineError when the page itself cannot be fetched ("could not
 * audit"); Lighthouse failures are recorded per device in `lighthouse.errors` instead.
 */
export async function audit(
  url: string,
  opts: AuditOptions,
  deps: AuditDeps = defaultDeps,
): Promise<AuditResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const emit = (event: AuditProgress) => {
    try {
      opts.onProgress?.(event)
    } catch {
      // A faulty listener must not break the audit.
    }
  }

  emit({ type: 'fetching', url })
  const fetchedAt = new Date().toISOString()
  let artifacts = await deps.gather(url, {
    ...(opts.allowPrivate !== undefined ? { allowPrivate: opts.allowPrivate } : {}),
    ...(opts.httpFallback ? { httpFallback: true } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  })

  const seoChecks = runSeoChecks(artifacts)
  let onPage = onPageResult(seoChecks)
  let aio = analyzeAio(artifacts)
  emit({ type: 'onpage-done', elapsedMs: elapsed(), onPage, aio })

  const lighthouse: LighthouseResults = { desktop: null, mobile: null, errors: {} }
  const renderedBy: Partial<Record<LighthouseDevice, RenderedFacts>> = {}
  const devices = devicesFor(opts.device)
  if (devices.length) {
    // Lighthouse audits the final URL, so it does not re-walk a redirect chain the fetcher already checked.
    const target = artifacts.page.finalUrl
    const meta = pageMeta(artifacts)
    const runDevices = async (proxyUrl: string) => {
      for (const device of devices) {
        emit({ type: 'lighthouse-start', device, elapsedMs: elapsed() })
        try {
          const run = await deps.runLighthouse(target, {
            device,
            proxyUrl,
            // The run's language only decides the raw LHR's: the result carries both (lighthouse/localize.ts).
            locale: LIGHTHOUSE_LOCALES[opts.lang],
            ...(opts.lighthouseTimeoutMs ? { timeoutMs: opts.lighthouseTimeoutMs } : {}),
            ...(opts.signal ? { signal: opts.signal } : {}),
          })
          // Re-map with the page's title and description texts, which the LHR does not carry.
          lighthouse[device] = mapLighthouseResult(run.lhr, meta, run.texts)
          if (opts.keepRawLighthouse) lighthouse.raw = { ...lighthouse.raw, [device]: run.lhr }
          if (run.rendered) renderedBy[device] = run.rendered
          const { durationMs, childMaxRssBytes, timings } = run
          emit({
            type: 'lighthouse-done',
            device,
            elapsedMs: elapsed(),
            run: { durationMs, childMaxRssBytes, timings },
          })
        } catch (e) {
          // Cancelled (Ctrl-C, job cancelled): stop the audit rather than report a partial result as done.
          opts.signal?.throwIfAborted()
          const error = toLighthouseError(e)
          lighthouse.errors[device] = error
          emit({ type: 'lighthouse-done', device, elapsedMs: elapsed(), error })
          // A missing browser will be missing for the next device too.
          if (error.code === 'CHROME_NOT_FOUND') {
            for (const rest of devices.slice(devices.indexOf(device) + 1)) lighthouse.errors[rest] = error
            return
          }
        }
      }
    }
    let proxy: EgressProxy | undefined
    try {
      proxy = await deps.startProxy(
        opts.allowPrivate !== undefined ? { allowPrivate: opts.allowPrivate } : {},
      )
    } catch (e) {
      // The proxy did not start: no Lighthouse run may go out unguarded.
      for (const device of devices) lighthouse.errors[device] = toLighthouseError(e)
    }
    if (proxy) {
      try {
        await runDevices(proxy.url)
      } finally {
        await proxy.close()
      }
    }
    // What Lighthouse saw of the rendered page (anchors with their listeners, the HTML after JavaScript)
    // feeds the on-page checks both make, as Google renders too; each finding says which page it read.
    const rendered = renderedBy.desktop ?? renderedBy.mobile
    if (rendered) {
      artifacts = withRendered(artifacts, rendered)
      onPage = onPageResult(runSeoChecks(artifacts))
    }
    // Lighthouse's agentic-browsing audits feed the AIO analysis (desktop preferred; they do not depend
    // on the form factor).
    const agenticAudits = (lighthouse.desktop ?? lighthouse.mobile)?.agenticAudits
    if (agenticAudits || rendered) aio = analyzeAio(artifacts, agenticAudits ? { agenticAudits } : undefined)
    // Headings and HTTPS: Farol's on-page checks answer for every device (analysis/one-verdict.ts).
    for (const device of devices) {
      const seo = lighthouse[device]
      if (seo) lighthouse[device] = withOnPageFacts(seo, onPage.summary)
    }
  }

  const result: AuditResult = {
    url,
    finalUrl: artifacts.page.finalUrl,
    fetchedAt,
    lang: opts.lang,
    onPage,
    aio,
    lighthouse,
    scores: auditScores(onPage.score, aio.scores.overall, lighthouse),
  }
  emit({ type: 'done', elapsedMs: elapsed() })
  return result
}
