// The writer's pure parts: its options (spec §9), the instructions that ground a model in the site's
// facts, reading the model's answer back into a title and content, and the spec's length scores for
// titles and meta descriptions. The model call itself is the server's (it owns the provider registry).
import { descriptionScore, titleScore } from '../scores/index.ts'
import type { SiteFact } from './site-facts.ts'

export const WRITER_LANGUAGES = ['PT', 'EN', 'ES'] as const
export const WRITER_TONES = ['professional', 'casual', 'technical', 'persuasive', 'educational'] as const
export const WRITER_TYPES = [
  'blog-post',
  'meta-description',
  'article-title',
  'faq',
  'google-ad',
  'product-intro',
] as const
export const WRITER_SIZES = ['short', 'medium', 'long'] as const

export type WriterLanguage = (typeof WRITER_LANGUAGES)[number]
export type WriterTone = (typeof WRITER_TONES)[number]
export type WriterType = (typeof WRITER_TYPES)[number]
export type WriterSize = (typeof WRITER_SIZES)[number]

export interface WriterRequest {
  keyword: string
  language: WriterLanguage
  tone: WriterTone
  contentType: WriterType
  size: WriterSize
}

/** Spec defaults: PT, Profissional, Post de blog, Médio. */
export const WRITER_DEFAULTS = {
  language: 'PT',
  tone: 'professional',
  contentType: 'blog-post',
  size: 'medium',
} as const

const LANGUAGE_NAMES: Record<WriterLanguage, string> = {
  PT: 'European Portuguese (pt-PT)',
  EN: 'English',
  ES: 'Spanish',
}

const TONE_NAMES: Record<WriterTone, string> = {
  professional: 'professional',
  casual: 'casual and friendly',
  technical: 'technical and precise',
  persuasive: 'persuasive',
  educational: 'educational, explaining step by step',
}

/** What to write and roughly how long, per type and size. */
function brief(type: WriterType, size: WriterSize): string {
  const words = { short: 300, medium: 700, long: 1200 }[size]
  switch (type) {
    case 'blog-post':
      return `a blog post of about ${words} words in Markdown, with ## section headings`
    case 'faq':
      return `an FAQ in Markdown: ${{ short: 4, medium: 7, long: 12 }[size]} questions as ## headings, each answered directly in 40-60 words`
    case 'meta-description':
      return 'one meta description of 120 to 160 characters (spaces included), no quotes around it'
    case 'article-title':
      return 'one article title of 30 to 60 characters, no quotes around it'
    case 'google-ad':
      return 'a Google responsive search ad: 3 headlines of at most 30 characters each and 2 descriptions of at most 90 characters each, one per line, labelled "Título 1:", "Descrição 1:" and so on'
    case 'product-intro':
      return `a product introduction of about ${{ short: 80, medium: 150, long: 250 }[size]} words`
  }
}

/**
 * The instructions: the model may state only what the facts state. Anything else it needs to say
 * (a number, a date, a quotation, a named source) is what unverifiedClaims will list afterwards.
 */
export function writerPrompt(
  request: WriterRequest,
  facts: readonly SiteFact[],
): { system: string; prompt: string } {
  const factLines = facts.length
    ? facts.map((f) => `- ${f.kind}: ${f.value}`).join('\n')
    : '- (no facts about the business are known)'
  const system = [
    'You write web content for a small business.',
    'Use ONLY the facts listed below about the business. Do not invent statistics, prices, dates, years,',
    'quotations, testimonials, awards, studies or named sources. If a claim would need a fact you do not',
    'have, write around it instead of inventing it.',
    '',
    'Facts about the business:',
    factLines,
  ].join('\n')
  const prompt = [
    `Write ${brief(request.contentType, request.size)}.`,
    `Topic / main keyword: ${request.keyword}`,
    `Language: ${LANGUAGE_NAMES[request.language]}. Tone: ${TONE_NAMES[request.tone]}.`,
    'Answer with the title on the first line, starting with "# ", then a blank line, then the content.',
    request.contentType === 'article-title'
      ? 'For a title alone, the first line is the title and nothing follows.'
      : '',
  ]
    .filter(Boolean)
    .join('\n')
  return { system, prompt }
}

/** The model's answer as title and content ("# Title" first; without it the keyword is the title). */
export function parseGenerated(text: string, request: WriterRequest): { title: string; content: string } {
  const trimmed = text.trim()
  const match = /^#{1,3}\s+(.+)\n?([\s\S]*)$/.exec(trimmed)
  if (match) {
    const title = match[1]!.trim()
    const content = match[2]!.trim()
    return { title, content: content || title }
  }
  if (request.contentType === 'article-title' || request.contentType === 'meta-description')
    return { title: request.keyword, content: trimmed.replace(/^["“«]|["”»]$/g, '') }
  return { title: request.keyword, content: trimmed }
}

export interface LengthCheck {
  length: number
  /** The spec's score for a title or a meta description (§5); null for other types. */
  score: number | null
  ideal: { min: number; max: number } | null
}

export function lengthCheck(type: WriterType, content: string): LengthCheck {
  const length = [...content.trim()].length
  if (type === 'meta-description')
    return { length, score: descriptionScore(content), ideal: { min: 120, max: 160 } }
  if (type === 'article-title') return { length, score: titleScore(content), ideal: { min: 30, max: 60 } }
  return { length, score: null, ideal: null }
}

/** The .txt export's file name: the title in lower case, accents and symbols dropped (spec §9). */
export function exportFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return `${slug || 'conteudo'}.txt`
}
