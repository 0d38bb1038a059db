// Shorthands for the check tests.
import { type ArtifactsFromHtmlOptions, artifactsFromHtml } from '../gather/testing.ts'
import type { Check, Finding } from '../types.ts'

export function page(head: string, body = '', lang = 'pt'): string {
  return `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`
}

/** Runs one check on an HTML string and returns its single finding. */
export function run(check: Check, html: string, opts: ArtifactsFromHtmlOptions = {}): Finding {
  const out = check(artifactsFromHtml(html, opts))
  if (Array.isArray(out)) throw new Error('expected one finding')
  return out
}

export function verdict(check: Check, html: string, opts: ArtifactsFromHtmlOptions = {}): Finding['verdict'] {
  return run(check, html, opts).verdict
}
