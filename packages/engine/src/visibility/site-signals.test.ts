import { describe, expect, it } from 'vitest'
import { type SiteSignals, signalGaps } from './site-signals.ts'

const site = (o: Partial<SiteSignals>): SiteSignals => ({
  url: 'https://x/',
  seo: 70,
  aio: 60,
  llmsTxt: false,
  faqMarkup: false,
  statisticsPer500Words: 1,
  aiCrawlersBlocked: 0,
  ...o,
})

describe('signal gaps', () => {
  it('lists what the competitors have and the brand lacks', () => {
    const gaps = signalGaps(site({ aiCrawlersBlocked: 2 }), [
      { name: 'Auto Silva', signals: site({ llmsTxt: true, faqMarkup: true, statisticsPer500Words: 4 }) },
      { name: 'Pneus Norte', signals: site({ llmsTxt: true, aiCrawlersBlocked: 1 }) },
    ])
    expect(gaps.map((g) => g.en)).toEqual([
      'llms.txt: Auto Silva, Pneus Norte have one, your site does not',
      'FAQ markup (schema.org): Auto Silva',
      'more statistics in the text: Auto Silva',
      'let AI crawlers read the site: Auto Silva',
    ])
  })
  it('says nothing when the brand already does it', () => {
    expect(
      signalGaps(site({ llmsTxt: true, faqMarkup: true }), [
        { name: 'A', signals: site({ llmsTxt: true, faqMarkup: true }) },
      ]),
    ).toEqual([])
    expect(signalGaps(null, [])).toEqual([])
  })
})
