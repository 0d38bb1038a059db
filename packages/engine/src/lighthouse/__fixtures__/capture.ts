// Regenerates lhr-mobile.json: `npx node packages/engine/src/lighthouse/__fixtures__/capture.ts`.
// Keeps only what mapLighthouseResult reads, so the fixture stays small and reviewable, and the message
// paths of the texts it keeps, so Lighthouse's swapLocale can render them in another language.
import { writeFileSync } from 'node:fs'
import { runLighthouse } from '../runner.ts'
import type { LighthouseResult } from '../types.ts'
import { startTestPage } from './page.ts'

export function trimLhr(lhr: LighthouseResult): unknown {
  const audits: Record<string, unknown> = {}
  for (const [id, a] of Object.entries(lhr.audits)) {
    audits[id] = {
      id: a.id,
      title: a.title,
      description: a.description,
      score: a.score,
      scoreDisplayMode: a.scoreDisplayMode,
      ...(a.numericValue !== undefined ? { numericValue: a.numericValue, numericUnit: a.numericUnit } : {}),
      ...(a.displayValue !== undefined ? { displayValue: a.displayValue } : {}),
      ...(a.metricSavings ? { metricSavings: a.metricSavings } : {}),
      ...(a.details ? { details: { type: a.details.type } } : {}),
    }
  }
  const categories: Record<string, unknown> = {}
  for (const [id, c] of Object.entries(lhr.categories)) {
    categories[id] = { id: c.id, title: c.title, score: c.score, auditRefs: c.auditRefs }
  }
  // Paths look like "audits[unused-javascript].title" or "audits.redirects.title"; details are dropped above.
  const kept =
    /^(audits(\[[^\]]+\]|\.\w+)\.(title|description|displayValue)|categories(\[[^\]]+\]|\.\w+)\.title)$/
  const icuMessagePaths: Record<string, unknown[]> = {}
  for (const [id, paths] of Object.entries(lhr.i18n.icuMessagePaths ?? {})) {
    const mine = paths.filter((p) => kept.test(typeof p === 'string' ? p : p.path))
    if (mine.length) icuMessagePaths[id] = mine
  }
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    requestedUrl: lhr.requestedUrl,
    mainDocumentUrl: lhr.mainDocumentUrl,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
    fetchTime: lhr.fetchTime,
    runWarnings: lhr.runWarnings,
    configSettings: { formFactor: lhr.configSettings.formFactor, locale: lhr.configSettings.locale },
    categories,
    audits,
    i18n: { icuMessagePaths },
  }
}

const page = await startTestPage()
try {
  const run = await runLighthouse(page.url('/'), { device: 'mobile', timeoutMs: 120_000 })
  const out = new URL('./lhr-mobile.json', import.meta.url)
  writeFileSync(out, `${JSON.stringify(trimLhr(run.lhr), null, 1)}\n`)
  console.log(`wrote ${out.pathname} (${run.durationMs} ms)`)
} finally {
  await page.close()
}
