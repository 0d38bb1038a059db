// Which AI-presence run counts in a past analysis's overall (decision 045): the latest one that finished
// before the next analysis of the address (same kind and device) was started in the same workspace; the
// latest analysis takes the latest finished run; never another workspace's, never a running one. On
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto'
import { overallScore } from '@farol/engine/scores/index.ts'
import { expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../../test/each-database.ts'
import { organizations, tasks, users } from '../../platform/db/schema.ts'
import { overallWithPresence, presenceParts, withAnalysisPresence } from './presence-part.ts'

describeOnEachDatabase('the presence part of an analysis on %s', (opened) => {
  const t0 = Date.parse('2026-03-01T10:00:00Z')
  const at = (minutes: number) => new Date(t0 + minutes * 60_000)
  const url = 'https://loja.pt/'

  it('a past analysis keeps the presence run of its time; the latest takes the latest run', async () => {
    const db = opened().db
    const userId = randomUUID()
    await db.insert(users).values({ id: userId, name: 'Ana', email: `${userId}@presenca.pt` })
    const [agency, other] = [randomUUID(), randomUUID()]
    await db.insert(organizations).values([
      { id: agency, name: 'Agência', slug: `ag-${agency}` },
      { id: other, name: 'Outra', slug: `ou-${other}` },
    ])
    const analysis = async (minutes: number, platform: string | null = 'desktop', workspaceId = agency) => {
      const [row] = await db
        .insert(tasks)
        .values({
          kind: platform ? 'seo_analysis' : 'ai_optimization',
          platform,
          url,
          userId,
          workspaceId,
          status: 'success',
          createdAt: at(minutes),
          finishedAt: at(minutes + 2),
          results: { scores: { seo: 80, aio: 60, overall: overallScore({ seo: 80, aio: 60, llm: null }) } },
        })
        .returning()
      return row!
    }
    const presence = async (finished: number, score: number | null, workspaceId = agency) =>
      db.insert(tasks).values({
        kind: 'llm_presence',
        url,
        userId,
        workspaceId,
        status: score === null ? 'running' : 'success',
        createdAt: at(finished - 5),
        finishedAt: score === null ? null : at(finished),
        results: score === null ? null : { report: { presenceScore: score } },
      })

    const before = await analysis(0) // no presence run yet, then one at 30 and the next analysis at 60
    await presence(30, 50)
    const first = await analysis(60)
    const firstAio = await analysis(60, null)
    await presence(70, 20, other) // another workspace's: never counted here
    await presence(90, 70)
    const latest = await analysis(120)
    await presence(150, 40) // after the latest analysis: the latest counts it
    await presence(160, null) // running: not yet

    const parts = await presenceParts(db, [before.id, first.id, firstAio.id, latest.id])
    expect(parts.get(before.id)).toBe(50)
    expect(parts.get(first.id)).toBe(70)
    expect(parts.get(firstAio.id)).toBe(40) // the AIO part's next analysis is none: the latest run
    expect(parts.get(latest.id)).toBe(40)
    // One rule for a row (status, PDF) and for a list (history, tracked sites' runs).
    const read = await withAnalysisPresence(db, first)
    const overall = (read.results as { scores: { overall: { score: number; llm: number } } }).scores.overall
    expect(overall.llm).toBe(70)
    expect(overall.score).toBe(overallScore({ seo: 80, aio: 60, llm: 70 }).score)
    expect(overallWithPresence({ seo: 80, aio: 60, overall: 75 }, parts.get(first.id))).toBe(overall.score)
    // The other workspace's analysis counts its own run (20), none of the agency's.
    const elsewhere = await analysis(200, 'desktop', other)
    expect((await presenceParts(db, [elsewhere.id])).get(elsewhere.id)).toBe(20)
  })
})
