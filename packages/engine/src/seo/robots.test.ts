import { describe, expect, it } from 'vitest'
import { artifactsFromHtml, textArtifact } from '../gather/testing.ts'
import {
  crawlDirectives,
  googlebotAllowed,
  isCrawlable,
  robotsSitemaps,
  robotsTxt,
  sitemap,
  validateRobotsTxt,
} from './robots.ts'
import { page, run, verdict } from './test-utils.ts'

const html = page('<title>t</title>')
const meta = (name: string, content: string) => page(`<meta name="${name}" content="${content}">`)

describe('is-crawlable (Lighthouse rule: fails only when every known bot is blocked)', () => {
  it('passes an ordinary page', () => expect(verdict(isCrawlable, html)).toBe('pass'))
  it('fails meta robots noindex / none', () => {
    expect(verdict(isCrawlable, meta('robots', 'noindex'))).toBe('fail')
    expect(verdict(isCrawlable, meta('robots', 'NONE'))).toBe('fail')
    expect(verdict(isCrawlable, meta('robots', 'noindex, nofollow'))).toBe('fail')
  })
  it('fails X-Robots-Tag noindex and an expired unavailable_after', () => {
    expect(verdict(isCrawlable, html, { headers: { 'x-robots-tag': 'noindex' } })).toBe('fail')
    expect(
      verdict(isCrawlable, html, {
        headers: { 'x-robots-tag': 'unavailable_after: 1 Jan 2000 00:00:00 GMT' },
      }),
    ).toBe('fail')
    expect(
      verdict(isCrawlable, html, {
        headers: { 'x-robots-tag': 'unavailable_after: 1 Jan 2999 00:00:00 GMT' },
      }),
    ).toBe('pass')
  })
  it('fails when robots.txt disallows everyone', () => {
    expect(verdict(isCrawlable, html, { robotsTxt: 'User-agent: *\nDisallow: /' })).toBe('fail')
  })
  it('passes (as Lighthouse) when only Googlebot is blocked; crawl-directives warns', () => {
    expect(verdict(isCrawlable, meta('googlebot', 'noindex'))).toBe('pass')
    const f = run(crawlDirectives, meta('googlebot', 'noindex'))
    expect(f.verdict).toBe('warn')
    expect(f.title.en).toContain('Google')
    const robotsTxt = 'User-agent: Googlebot\nDisallow: /'
    expect(verdict(isCrawlable, html, { robotsTxt })).toBe('pass')
    expect(verdict(crawlDirectives, html, { robotsTxt })).toBe('warn')
    expect(verdict(crawlDirectives, html, { headers: { 'x-robots-tag': 'googlebot: noindex' } })).toBe('warn')
  })
  it('passes generic noindex overridden for all named bots? no: a specific meta wins for that bot', () => {
    // robots noindex but googlebot index: Googlebot is allowed, so Lighthouse passes and Farol advises.
    const both = page('<meta name="robots" content="noindex"><meta name="googlebot" content="index">')
    expect(verdict(isCrawlable, both)).toBe('pass')
    expect(verdict(crawlDirectives, both)).toBe('warn')
  })
  it('crawl-directives warns on nofollow without noindex, passes a clean page, is n/a when is-crawlable fails', () => {
    expect(run(crawlDirectives, meta('robots', 'nofollow')).title.en).toContain('nofollow')
    expect(verdict(crawlDirectives, html, { headers: { 'x-robots-tag': 'googlebot: nofollow' } })).toBe(
      'warn',
    )
    expect(verdict(crawlDirectives, html)).toBe('pass')
    expect(verdict(crawlDirectives, html, { robotsTxt: 'User-agent: *\nDisallow: /' })).toBe('na')
  })
  it('googlebotAllowed follows robots.txt groups', () => {
    expect(
      googlebotAllowed(artifactsFromHtml(html, { robotsTxt: 'User-agent: Googlebot\nDisallow: /' })),
    ).toBe(false)
    expect(googlebotAllowed(artifactsFromHtml(html, { robotsTxt: 'User-agent: GPTBot\nDisallow: /' }))).toBe(
      true,
    )
    expect(googlebotAllowed(artifactsFromHtml(html))).toBe(true)
  })
})

describe('robots-txt (Lighthouse rules)', () => {
  it('passes a valid file', () => {
    expect(
      verdict(robotsTxt, html, {
        robotsTxt: 'User-agent: *\nDisallow: /admin\nSitemap: https://a.example/s.xml',
      }),
    ).toBe('pass')
  })
  it('is not applicable for 4xx or empty, fails for 5xx and fetch errors', () => {
    expect(verdict(robotsTxt, html, { robotsTxt: null })).toBe('na')
    expect(verdict(robotsTxt, html, { robotsTxt: '' })).toBe('na')
    expect(
      verdict(robotsTxt, html, { robotsTxt: textArtifact('https://farol.example/robots.txt', null, 503) }),
    ).toBe('fail')
    expect(
      verdict(robotsTxt, html, {
        robotsTxt: {
          url: 'https://farol.example/robots.txt',
          status: null,
          content: null,
          errorMessage: 'DNS_FAILURE',
        },
      }),
    ).toBe('fail')
  })
  it('is not applicable when robots.txt was not fetched at all', () =>
    expect(verdict(robotsTxt, html)).toBe('na'))
  it('fails invalid lines', () => {
    expect(verdict(robotsTxt, html, { robotsTxt: 'User-agent: *\nDisalow: /x' })).toBe('fail')
    expect(validateRobotsTxt('Disallow: /x')).toEqual([
      { line: 1, content: 'Disallow: /x', message: 'No user-agent specified' },
    ])
    expect(validateRobotsTxt('User-agent: *\nDisallow: x')[0]?.message).toContain('Pattern')
    expect(validateRobotsTxt('User-agent: *\nDisallow: /a$b')[0]?.message).toContain('$')
    expect(validateRobotsTxt('Sitemap: /relative.xml')[0]?.message).toBe('Invalid sitemap URL')
    expect(validateRobotsTxt('just words')[0]?.message).toBe('Syntax not understood')
    expect(
      validateRobotsTxt('# comment only\n\nUser-agent: *\nCrawl-delay: 5\nContent-Signal: ai-train=no'),
    ).toEqual([])
  })
})

describe('sitemap', () => {
  const xml = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'
  it('passes when robots.txt declares one', () => {
    expect(
      verdict(sitemap, html, {
        robotsTxt: 'User-agent: *\nAllow: /\nSitemap: https://farol.example/s.xml',
        sitemapXml: null,
      }),
    ).toBe('pass')
  })
  it('warns when /sitemap.xml exists but is not declared', () => {
    expect(run(sitemap, html, { robotsTxt: 'User-agent: *', sitemapXml: xml }).title.en).toContain(
      'not declared',
    )
  })
  it('warns when there is none, or it is not XML', () => {
    expect(verdict(sitemap, html, { robotsTxt: 'User-agent: *', sitemapXml: null })).toBe('warn')
    expect(verdict(sitemap, html, { robotsTxt: null, sitemapXml: '<html>not found page</html>' })).toBe(
      'warn',
    )
  })
  it('reads Sitemap lines case-insensitively, ignoring comments and relative URLs', () => {
    const a = artifactsFromHtml(html, {
      robotsTxt:
        'sitemap: https://a.example/1.xml # main\nSITEMAP:/rel.xml\nSitemap: https://a.example/1.xml',
    })
    expect(robotsSitemaps(a)).toEqual(['https://a.example/1.xml'])
  })
})
