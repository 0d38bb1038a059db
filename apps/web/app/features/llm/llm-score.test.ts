// The dashboard's overall (decision 045): a signed-in user's analysis comes with the presence part from
// the server and the dashboard adds nothing; an anonymous visitor's session run is counted.
import { overallScore } from '@farol/engine/scores/index.ts'
import { describe, expect, it } from 'vitest'
import { shownOverall } from './llm-score.ts'

describe('shownOverall', () => {
  const own = overallScore({ seo: 80, aio: 60, llm: null })
  const server = overallScore({ seo: 80, aio: 60, llm: 40 })
  it("keeps the server's overall when it carries a presence part, whatever the session holds", () => {
    expect(shownOverall({ seo: 80, aio: 60, overall: server }, 90)).toBe(server)
    expect(server.score).toBe(Math.round(0.5 * 80 + 0.3 * 60 + 0.2 * 40))
  })
  it('without a session run, the analysis own overall (weight redistributed)', () => {
    expect(shownOverall({ seo: 80, aio: 60, overall: own }, null)).toBe(own)
  })
  it("an anonymous visitor's session run is counted", () => {
    expect(shownOverall({ seo: 80, aio: 60, overall: own }, 90)).toEqual(
      overallScore({ seo: 80, aio: 60, llm: 90 }),
    )
  })
})
