// Heading structure: the spec's three flags and its heading score (§5).
import type { SeoArtifacts } from '../gather/types.ts'
import { type HeadingsStructure, headingScore } from '../scores/index.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract, type Heading } from './extract.ts'
import { type CheckMeta, makeFinding, same } from './finding.ts'

/** Going down, a heading may be at most one level deeper than the previous (h2 → h4 skips h3); going up is free. */
export function skippedLevels(headings: readonly Heading[]): { from: number; to: number }[] {
  const skips: { from: number; to: number }[] = []
  for (let i = 1; i < headings.length; i++) {
    const prev = (headings[i - 1] as Heading).level
    const cur = (headings[i] as Heading).level
    if (cur > prev + 1) skips.push({ from: prev, to: cur })
  }
  return skips
}

export function headingsStructure(a: SeoArtifacts): HeadingsStructure {
  const hs = extract(a).headings
  const h1 = hs.filter((h) => h.level === 1).length
  return { hasH1: h1 > 0, multipleH1: h1 > 1, headingsOrder: skippedLevels(hs).length === 0 }
}

export const headingsMeta: CheckMeta = {
  id: 'headings',
  category: 'structure',
  impact: 'medium',
  title: { pt: 'Os cabeçalhos têm uma estrutura lógica', en: 'Headings have a logical structure' },
  failureTitle: { pt: 'A estrutura de cabeçalhos tem problemas', en: 'The heading structure has problems' },
  description: {
    pt: 'Use um único H1 com o tema da página e desça um nível de cada vez (H2, depois H3). Os cabeçalhos são o índice que leitores, motores de pesquisa e modelos de IA usam para perceber a página.',
    en: 'Use a single H1 with the topic of the page and go down one level at a time (H2, then H3). Headings are the outline readers, search engines and AI models use to understand the page.',
  },
}

export function headings(a: SeoArtifacts): Finding {
  const hs = extract(a).headings
  const s = headingsStructure(a)
  const score = headingScore(s)
  const skips = skippedLevels(hs)
  const evidence: Evidence[] = [
    {
      signal: { pt: 'número de H1', en: 'H1 count' },
      value: hs.filter((h) => h.level === 1).length,
      target: same('1'),
    },
    {
      signal: { pt: 'níveis saltados', en: 'skipped levels' },
      value: skips.map((k) => `h${k.from}→h${k.to}`).join(', ') || 0,
      target: same('0'),
    },
    { signal: { pt: 'pontuação dos títulos', en: 'heading score' }, value: score, target: same('100') },
  ]
  const empty = hs.filter((h) => h.text === '').length
  if (empty)
    evidence.push({ signal: { pt: 'títulos vazios', en: 'empty headings' }, value: empty, target: same('0') })
  const problems: { pt: string; en: string }[] = []
  if (!s.hasH1) problems.push({ pt: 'Não há H1.', en: 'There is no H1.' })
  if (s.multipleH1) problems.push({ pt: 'Há mais de um H1.', en: 'There is more than one H1.' })
  if (!s.headingsOrder) {
    const list = skips.map((k) => `H${k.from}→H${k.to}`).join(', ')
    problems.push({ pt: `Há níveis saltados (${list}).`, en: `Levels are skipped (${list}).` })
  }
  const verdict = !s.hasH1 ? 'fail' : score === 100 && !empty ? 'pass' : 'warn'
  return makeFinding(headingsMeta, verdict, {
    score,
    evidence,
    detail: problems.length
      ? { pt: problems.map((p) => p.pt).join(' '), en: problems.map((p) => p.en).join(' ') }
      : null,
  })
}
