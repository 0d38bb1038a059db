// The readable terminal report. A pure function of the AuditResult, so it is tested without a terminal.
import pc from 'picocolors'
import type { AuditResult } from '../audit.ts'
import type { SeoResult } from '../lighthouse/types.ts'
import { scoreBand, scoreLabel } from '../scores/index.ts'
import type { Finding, Lang, Localized } from '../types.ts'
import { t } from './strings.ts'

type Colors = Pick<typeof pc, 'bold' | 'dim' | 'green' | 'yellow' | 'red' | 'cyan'>

const plain: Colors = { bold: String, dim: String, green: String, yellow: String, red: String, cyan: String }

/** A string in the chosen language, whether the engine gave a plain string or both languages. */
function text(value: unknown, lang: Lang): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && lang in value) return String((value as Localized)[lang])
  return value === null || value === undefined ? '' : String(value)
}

function colourScore(n: number | null, c: Colors): string {
  if (n === null) return c.dim('—')
  const band = scoreBand(n)
  const paint = band === 'good' ? c.green : band === 'needs-improvement' ? c.yellow : c.red
  return paint(String(n).padStart(3))
}

const verdictMark: Record<Finding['verdict'], string> = {
  pass: '✓',
  warn: '!',
  fail: '✗',
  info: 'i',
  na: '–',
}

function findingLine(f: Finding, lang: Lang, c: Colors): string {
  const mark = verdictMark[f.verdict]
  const paint =
    f.verdict === 'fail' ? c.red : f.verdict === 'warn' ? c.yellow : f.verdict === 'pass' ? c.green : c.dim
  const evidence = f.evidence
    .slice(0, 2)
    .map((e) => `${text(e.signal, lang)}: ${e.value}${e.target ? ` (${text(e.target, lang)})` : ''}`)
    .join('; ')
  const head = `  ${paint(mark)} ${text(f.title, lang)}`
  return evidence ? `${head}\n      ${c.dim(evidence)}` : head
}

const severity: Record<Finding['verdict'], number> = { fail: 0, warn: 1, info: 2, pass: 3, na: 4 }
const impactOrder = { high: 0, medium: 1, low: 2 } as const

function metrics(seo: SeoResult, c: Colors): string {
  const s = (v: number | null, unit: string) => (v === null ? '—' : `${v}${unit}`)
  return c.dim(
    `FCP ${s(seo.fcp, ' s')}  LCP ${s(seo.lcp, ' s')}  TBT ${s(seo.tbt === null ? null : Math.round(seo.tbt), ' ms')}  CLS ${s(
      seo.cls === null ? null : Math.round(seo.cls * 1000) / 1000,
      '',
    )}  SI ${s(seo.speedIndex, ' s')}  TTI ${s(seo.tti, ' s')}`,
  )
}

export function renderReport(result: AuditResult, lang: Lang, colors: boolean): string {
  // The caller decides (TTY, NO_COLOR); picocolors' own detection would look at the wrong stream.
  const c = colors ? pc.createColors(true) : plain
  const out: string[] = []
  const h = (title: string) => out.push('', c.bold(c.cyan(title)))

  out.push(`${c.bold(t(lang, 'report'))} — ${result.url}`)
  if (result.finalUrl !== result.url) out.push(c.dim(`${t(lang, 'finalUrl')}: ${result.finalUrl}`))

  const { scores } = result
  h(t(lang, 'scores'))
  const row = (label: string, n: number | null, extra = '') =>
    out.push(
      `  ${label.padEnd(18)} ${colourScore(n, c)}  ${n === null ? '' : text(scoreLabel(n), lang).padEnd(10)}${extra ? ` ${c.dim(extra)}` : ''}`,
    )
  row(t(lang, 'overall'), scores.overall.score)
  out.push(`  ${c.dim(text(scores.overall.note, lang))}`)
  row(
    t(lang, 'seo'),
    scores.seo,
    t(lang, 'seoParts', {
      onPage: scores.seoParts.onPage ?? '—',
      performance: scores.seoParts.performance ?? '—',
    }),
  )
  row(t(lang, 'aio'), scores.aio)
  out.push(`  ${t(lang, 'llm').padEnd(18)} ${c.dim(`  —  ${t(lang, 'llmMissing')}`)}`)

  h(`${t(lang, 'onPage')} (${result.onPage.score ?? '—'})`)
  // A 4xx/5xx document: say first that its content was not audited, and why.
  const notAudited = result.onPage.notAudited ?? result.onPage.summary.notAudited
  if (notAudited) out.push(`  ${c.yellow('–')} ${text(notAudited, lang)}`)
  const findings = [...result.onPage.findings].sort(
    (a, b) => severity[a.verdict] - severity[b.verdict] || impactOrder[a.impact] - impactOrder[b.impact],
  )
  const shown = findings.filter((f) => f.verdict !== 'pass' && f.verdict !== 'na')
  for (const f of shown) out.push(findingLine(f, lang, c))
  const passed = findings.filter((f) => f.verdict === 'pass')
  if (passed.length) {
    out.push(
      `  ${c.green('✓')} ${t(lang, 'passed', { n: passed.length })}: ${c.dim(passed.map((f) => f.id).join(', '))}`,
    )
  }

  const { aio } = result
  h(`${t(lang, 'aioSection')} (${aio.scores.overall})`)
  if (aio.notAudited) out.push(`  ${c.yellow('–')} ${text(aio.notAudited, lang)}`)
  out.push(
    `  ${t(lang, 'readability')} ${colourScore(aio.scores.human_readability, c)}   ${t(lang, 'llmInterpretability')} ${colourScore(
      aio.scores.llm_interpretability,
      c,
    )}   ${t(lang, 'logicalStructure')} ${colourScore(aio.scores.logical_structure, c)}`,
  )
  if (aio.strengths.length) {
    out.push(`  ${c.bold(t(lang, 'strengths'))}`)
    for (const s of aio.strengths) out.push(`    ${c.green('+')} ${text(s.title, lang)}`)
  }
  if (aio.weaknesses.length) {
    out.push(`  ${c.bold(t(lang, 'weaknesses'))}`)
    for (const w of aio.weaknesses) out.push(`    ${c.red('-')} ${text(w.explanation, lang)}`)
  }
  if (aio.recommendations.length) {
    out.push(`  ${c.bold(t(lang, 'recommendations'))}`)
    for (const r of aio.recommendations) {
      out.push(`    → ${text(r.title, lang)}`)
      const why = text(r.explanation, lang)
      if (why) out.push(`      ${c.dim(why)}`)
    }
  }

  h(t(lang, 'lighthouse'))
  for (const device of ['desktop', 'mobile'] as const) {
    const seo = result.lighthouse[device]
    const error = result.lighthouse.errors[device]
    const name = t(lang, device)
    if (error) {
      out.push(
        `  ${c.bold(name)}: ${c.red(text(error.message, lang))}${error.detail ? c.dim(` (${error.detail})`) : ''}`,
      )
      continue
    }
    if (!seo) {
      out.push(`  ${c.bold(name)}: ${c.dim(t(lang, 'notRun'))}`)
      continue
    }
    const cat = seo.categories
    out.push(
      `  ${c.bold(name)}: ${t(lang, 'performance')} ${colourScore(cat.performance, c)}  SEO ${colourScore(cat.seo, c)}  ${t(
        lang,
        'accessibility',
      )} ${colourScore(cat.accessibility, c)}  ${t(lang, 'bestPractices')} ${colourScore(cat.bestPractices, c)}  ${t(
        lang,
        'agentic',
      )} ${colourScore(cat.agenticBrowsing, c)}`,
    )
    out.push(`    ${metrics(seo, c)}`)
    for (const r of seo.recommendations.slice(0, 5)) {
      const paint = r.impact === 'high' ? c.red : r.impact === 'medium' ? c.yellow : c.dim
      const saving = r.displayValue ? c.dim(` — ${text(r.displayValue, lang)}`) : ''
      out.push(`    ${paint('●')} ${text(r.title, lang)}${saving}`)
    }
  }
  out.push('')
  return out.join('\n')
}
