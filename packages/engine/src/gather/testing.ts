// Test helpers: artifacts from HTML strings, without network. Used by the check tests and by other parts
// of the engine that test pure functions over artifacts.
import type { FetchedResource, RedirectHop, TextArtifact } from '../types.ts'
import { type ArtifactExtras, buildArtifacts, originFile } from './index.ts'
import type { SeoArtifacts } from './types.ts'

export interface HtmlResourceOptions {
  url?: string
  requestedUrl?: string
  status?: number
  headers?: Record<string, string>
  redirects?: RedirectHop[]
}

/** A FetchedResource as the fetcher would return it for this HTML. */
export function htmlResource(html: string, opts: HtmlResourceOptions = {}): FetchedResource {
  const finalUrl = opts.url ?? 'https://farol.example/'
  const headers = { 'content-type': 'text/html; charset=utf-8', ...lowerKeys(opts.headers ?? {}) }
  return {
    requestedUrl: opts.requestedUrl ?? opts.redirects?.[0]?.url ?? finalUrl,
    finalUrl,
    status: opts.status ?? 200,
    headers,
    redirects: opts.redirects ?? [],
    contentType: 'text/html',
    charset: 'utf-8',
    body: html,
    bodyBytes: Buffer.byteLength(html),
    remoteAddress: '203.0.113.10',
    timings: { startMs: 0, firstByteMs: 10, totalMs: 20 },
  }
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]))
}

/** A side file that was fetched with this status and content. */
export function textArtifact(url: string, content: string | null, status: number | null = 200): TextArtifact {
  return { url, status, content }
}

export interface ArtifactsFromHtmlOptions extends HtmlResourceOptions {
  /** robots.txt content (fetched with 200); null for a 404. Omitted: not fetched. */
  robotsTxt?: string | null | TextArtifact
  sitemapXml?: string | null | TextArtifact
  llmsTxt?: string | null | TextArtifact
  renderedHtml?: string | null
}

function side(
  pageUrl: string,
  path: string,
  v: string | null | TextArtifact | undefined,
): TextArtifact | undefined {
  if (v === undefined) return undefined
  if (v !== null && typeof v === 'object') return v
  const url = originFile(pageUrl, path)
  return v === null ? { url, status: 404, content: null } : textArtifact(url, v)
}

/** Artifacts for a page served with this HTML (default URL https://farol.example/). */
export function artifactsFromHtml(html: string, opts: ArtifactsFromHtmlOptions = {}): SeoArtifacts {
  const page = htmlResource(html, opts)
  const extras: ArtifactExtras = { renderedHtml: opts.renderedHtml ?? null }
  const robotsTxt = side(page.finalUrl, '/robots.txt', opts.robotsTxt)
  const sitemapXml = side(page.finalUrl, '/sitemap.xml', opts.sitemapXml)
  const llmsTxt = side(page.finalUrl, '/llms.txt', opts.llmsTxt)
  if (robotsTxt) extras.robotsTxt = robotsTxt
  if (sitemapXml) extras.sitemapXml = sitemapXml
  if (llmsTxt) extras.llmsTxt = llmsTxt
  return buildArtifacts(page, extras)
}
