import { describe, expect, it } from 'vitest'
import type { TextArtifact } from '../types.ts'
import { AI_CRAWLERS, measureAiCrawlerAccess } from './robots.ts'

const robots = (content: string | null, status: number | null = 200): TextArtifact => ({
  url: 'https://farol.pt/robots.txt',
  status,
  content,
})
const PAGE = 'https://farol.pt/blog/artigo'

describe('measureAiCrawlerAccess', () => {
  it('blocks GPTBot but allows OAI-SearchBot and ChatGPT-User', () => {
    const r = measureAiCrawlerAccess(
      robots('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'),
      PAGE,
    )
    const allowed = Object.fromEntries(r.crawlers.map((c) => [c.agent, c.allowed]))
    expect(allowed.GPTBot).toBe(false)
    expect(allowed['OAI-SearchBot']).toBe(true)
    expect(allowed['ChatGPT-User']).toBe(true)
    expect(r.blocked).toEqual({ training: ['GPTBot'], search: [], user: [] })
  })
  it('groups every listed crawler and applies path rules to the page URL', () => {
    const r = measureAiCrawlerAccess(
      robots(
        'User-agent: PerplexityBot\nUser-agent: Claude-SearchBot\nDisallow: /blog/\n\nUser-agent: CCBot\nDisallow: /loja/\n',
      ),
      PAGE,
    )
    expect(r.blocked).toEqual({ training: [], search: ['Claude-SearchBot', 'PerplexityBot'], user: [] })
    expect(AI_CRAWLERS).toHaveLength(14)
    expect(new Set(r.crawlers.map((c) => c.group))).toEqual(new Set(['training', 'search', 'user']))
  })
  it('applies the * group to AI crawlers without their own group', () => {
    const r = measureAiCrawlerAccess(
      robots('User-agent: *\nDisallow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n'),
      PAGE,
    )
    expect(r.blocked.search).toEqual(['Claude-SearchBot', 'PerplexityBot'])
    expect(r.blocked.training).toHaveLength(8)
  })
  it('treats a missing robots.txt as allowing all and an unreachable one as unknown', () => {
    const missing = measureAiCrawlerAccess(robots(null, 404), PAGE)
    expect(missing.status).toBe('missing')
    expect(missing.crawlers.every((c) => c.allowed === true)).toBe(true)
    const down = measureAiCrawlerAccess(robots(null, 503), PAGE)
    expect(down.status).toBe('unreachable')
    expect(down.crawlers.every((c) => c.allowed === null)).toBe(true)
    expect(measureAiCrawlerAccess(robots(null, null), PAGE).status).toBe('unreachable')
  })
})
