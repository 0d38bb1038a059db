// The engine's public contract. Every part of the engine reads these types; the API returns them as-is.
import type { CheerioAPI } from 'cheerio'

export type Lang = 'pt' | 'en'

/** A user-visible string in both product languages. */
export interface Localized {
  pt: string
  en: string
}

export interface RedirectHop {
  url: string
  status: number
  location: string
}

/** What the safe fetcher returns for one URL (after following redirects). */
export interface FetchedResource {
  requestedUrl: string
  finalUrl: string
  status: number
  headers: Record<string, string>
  /** Redirects followed, in order; empty when the first answer was final. */
  redirects: RedirectHop[]
  contentType: string | null
  charset: string | null
  /** Decoded body text (empty for non-text content types). */
  body: string
  bodyBytes: number
  /** The raw (decompressed) body, only when asked for with `keepBytes` (binary content). */
  bytes?: Uint8Array
  /** Address actually connected to for the final hop (after the SSRF guard). */
  remoteAddress: string | null
  timings: { startMs: number; firstByteMs: number | null; totalMs: number }
}

/** A gatherer that could not get its artifact degrades instead of throwing (as in Lighthouse). */
export interface TextArtifact {
  url: string
  status: number | null
  content: string | null
  errorMessage?: string
}

/** Everything the checks need. Built once per audited page; checks are pure functions of it. */
export interface PageArtifacts {
  page: FetchedResource
  /** Parsed raw HTML (what a crawler that does not run JavaScript sees). */
  $: CheerioAPI
  robotsTxt: TextArtifact
  llmsTxt: TextArtifact
  /** HTML after JavaScript ran in Chromium, when a rendered run happened; null otherwise. */
  renderedHtml: string | null
}

export type Verdict = 'pass' | 'warn' | 'fail' | 'info' | 'na'

export interface Evidence {
  /** What was measured, e.g. "title length" / "comprimento do título". */
  signal: Localized
  /** The measured value, e.g. 72. Strings are page content (URLs, tags, names), shown as they are. */
  value: string | number | boolean | null
  /** The target, e.g. "30-60 characters" / "30-60 caracteres". */
  target?: Localized
  /**
   * Where on the page the value was read (the element and the part of the page), so a user can see why
   * a claim was made, e.g. "<footer>" or "<p> in the main content (<main>)". AIO findings name it.
   */
  where?: Localized
}

/** How strong the evidence is that this signal matters for ranking or for AI visibility. */
export type EvidenceStrength = 'established' | 'likely' | 'contested' | 'speculative'

export interface Finding {
  /** Stable id, e.g. "document-title" or "aio-readability". */
  id: string
  category: 'seo' | 'aio' | 'technical' | 'content' | 'structure'
  verdict: Verdict
  /** 0-100 when the check has a graded score, else null. */
  score: number | null
  title: Localized
  /** Explanation of what was found and what to do. */
  description: Localized
  evidence: Evidence[]
  impact: 'high' | 'medium' | 'low'
  /** For AIO findings: how well supported the claim "this matters" is, with a short source note. */
  strength?: { level: EvidenceStrength; note: Localized }
  /**
   * Which document the check read: the raw HTML (what a crawler that runs no JavaScript gets) or the DOM
   * Lighthouse rendered in Chromium. Absent on checks that read neither (HTTP status, robots.txt).
   */
  measuredOn?: 'raw' | 'rendered'
  /**
   * Where Farol's verdict on an audit Lighthouse also makes deliberately differs from Lighthouse's rule:
   * what differs and why, and the public source Farol follows (e.g. https://llmstxt.org/).
   */
  differsFromLighthouse?: { note: Localized; source: string }
  /**
   * Set (with verdict 'na') when the check was not run on this page, and why: e.g. the document answered
   * 404, so its body is the server's error page, not content to judge.
   */
  notAudited?: Localized
}

/** A pure check over artifacts. Strings live beside the check. */
export type Check = (artifacts: PageArtifacts) => Finding | Finding[]
