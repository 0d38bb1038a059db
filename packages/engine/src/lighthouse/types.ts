// Types of the Lighthouse part of the engine. SeoResult follows spec §3 "SEO result" field by field;
// the extra fields (categories, agenticAudits) are Farol's additions.
import type { Result as LighthouseResult } from 'lighthouse'
import type { RenderedFacts } from '../page/rendered.ts'
import type { Localized } from '../types.ts'

export type LighthouseDevice = 'desktop' | 'mobile'

/** Lighthouse's texts of one audit in both languages (localize.ts renders them). */
export interface AuditTexts {
  title: Localized
  description: Localized
  displayValue?: Localized
}

/** By audit id. */
export type LighthouseTexts = Record<string, AuditTexts>

/**
 * Texts are Lighthouse's own, in both languages (localize.ts); descriptions hold Lighthouse's Markdown
 * links. Results stored before hold plain strings in the language of their run.
 */
export interface SeoRecommendation {
  id: string
  title: Localized
  description: Localized
  impact: 'high' | 'medium' | 'low'
  /** Lighthouse category the audit counts towards, e.g. "performance". */
  category: string
  /** Lighthouse's own score of the audit (0-1), kept so callers can sort. */
  score: number | null
  /** Estimated savings shown by Lighthouse, e.g. "Est savings of 1.2 s", when there is one. */
  displayValue?: Localized
}

export interface AgenticAudit {
  id: string
  /** 0-1, or null when Lighthouse could not score it (not applicable, manual, error). */
  score: number | null
  /** Lighthouse's title (its pass or failure wording), in both languages. */
  title: Localized
}

export interface SeoResult {
  /** Lighthouse performance category score × 100 (0-100), null when Lighthouse could not compute it. */
  performanceScore: number | null
  /** First Contentful Paint, seconds. */
  fcp: number | null
  /** Largest Contentful Paint, seconds. */
  lcp: number | null
  /** Speed Index, seconds. */
  speedIndex: number | null
  /** Time to Interactive, seconds. */
  tti: number | null
  /** Total Blocking Time, milliseconds (raw). */
  tbt: number | null
  /** Cumulative Layout Shift (raw, unitless). */
  cls: number | null
  /**
   * The spec's `fid`: Lighthouse's max-potential-fid (the longest main-thread task after first paint),
   * milliseconds. Not the Core Web Vital FID (nor INP), which only field data measures; shown under its
   * own name ("Max Potential FID").
   */
  fid: number | null
  mobileFriendly: boolean
  security: { https: boolean; mixedContent: boolean }
  headingsStructure: { hasH1: boolean; multipleH1: boolean; headingsOrder: boolean }
  metaTags: { title: string; description: string; titleLength: number; descriptionLength: number }
  recommendations: SeoRecommendation[]
  /** Category scores 0-100, null when the category was not run or could not be scored. */
  categories: {
    performance: number | null
    seo: number | null
    accessibility: number | null
    bestPractices: number | null
    agenticBrowsing: number | null
  }
  agenticAudits: AgenticAudit[]
}

export interface LighthouseRun {
  device: LighthouseDevice
  seo: SeoResult
  /** The raw Lighthouse result, kept for reports (the spec's lighthouseResult). */
  lhr: LighthouseResult
  /** The LHR's audit texts in both languages; absent when Lighthouse could not re-render them. */
  texts?: LighthouseTexts
  /**
   * What the run saw of the rendered DOM (its AnchorElements, with event listeners, and the HTML after
   * JavaScript), for the on-page checks that Lighthouse also makes; absent when it could not be read.
   */
  rendered?: RenderedFacts
  durationMs: number
  /** Peak resident memory of the Lighthouse child process (Node only, not Chromium), bytes. */
  childMaxRssBytes: number | null
  /** Where the time went: worker start-up (Node, Lighthouse modules, Chromium) and the collection. */
  timings: { startupMs: number; lighthouseMs: number } | null
}

export interface RunLighthouseOptions {
  device: LighthouseDevice
  /** Whole-run limit (Chromium start, page load, audits). Default 90 s. */
  timeoutMs?: number
  /** Egress proxy URL (http://127.0.0.1:port) that every Chromium request goes through. */
  proxyUrl?: string
  /** Chromium binary; default CHROME_PATH, else `chromium` on PATH. */
  chromePath?: string
  /** Lighthouse locale for titles and descriptions, e.g. "pt-PT" or "en-US". */
  locale?: string
  signal?: AbortSignal
}

export type { LighthouseResult }
