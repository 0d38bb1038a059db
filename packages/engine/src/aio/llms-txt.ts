// llms.txt (llmstxt.org, 2024): a Markdown file at the site root for language models. The format makes
// only one thing mandatory, an H1 with the site's name; a "> " summary, prose and "## " sections of link
// lists are optional. The verdict answers Lighthouse's llms-txt question (is the file usable?):
//   missing  4xx → not applicable (as Lighthouse), 5xx or no answer → fail (as Lighthouse)
//   invalid  no H1, suspiciously short (< 50 characters, Lighthouse's bound) or not Markdown → fail
//   valid    an H1 → pass, with whatever optional part is missing listed as advice
// Lighthouse also fails a file without any link; Farol does not, since llmstxt.org does not require
// one, and the finding says so. No major AI crawler is known to read the file, so it weighs nothing in
// the scores.
import { same } from '../seo/finding.ts'
import type { Evidence, Finding, Localized, TextArtifact, Verdict } from '../types.ts'
import type { BuiltFinding } from './finding.ts'
import { counted } from './plural.ts'
import { STRENGTH } from './strength.ts'

/** Lighthouse's bound (audits/agentic/llms-txt.js): shorter files are "suspiciously short". */
export const LLMS_TXT_MIN_LENGTH = 50

export type LlmsTxtGrade = 'missing' | 'unreachable' | 'invalid' | 'valid'
export type LlmsTxtProblem = 'no-h1' | 'too-short' | 'not-markdown'

export interface LlmsTxtSignals {
  /** A text answer (2xx, not HTML) was served. */
  present: boolean
  status: number | null
  grade: LlmsTxtGrade
  /** Why an answered file is invalid; empty otherwise. */
  problems: LlmsTxtProblem[]
  /** An H1 line anywhere ("# Name"), as Lighthouse tests. */
  hasTitle: boolean
  /** The H1 is the first line, as llmstxt.org lays the file out. */
  titleFirst: boolean
  hasSummary: boolean
  sections: number
  /** Links in "- [name](url)" lists. */
  links: number
  /** Markdown links anywhere, inline ones included (Lighthouse's test). */
  inlineLinks: number
  /** Title, summary and link lists: the full llmstxt.org layout. */
  wellFormed: boolean
}

export function measureLlmsTxt(artifact: TextArtifact): LlmsTxtSignals {
  const status = artifact.status
  const content = artifact.content ?? ''
  const answered = status !== null && status >= 200 && status < 300
  // A 200 answer with HTML is the site's error or home page (a soft 404), not Markdown.
  const html = /^\s*</.test(content)
  const present = answered && content.trim() !== '' && !html
  const lines = answered ? content.split(/\r?\n/) : []
  const firstLine = lines.find((l) => l.trim() !== '') ?? ''
  const hasTitle = answered && !html && /^\s*#\s+.+/m.test(content)
  const hasSummary = lines.some((l) => /^> \S/.test(l))
  const sections = lines.filter((l) => /^## \S/.test(l)).length
  const links = lines.filter((l) => /^\s*[-*]\s*\[[^\]]+\]\([^)\s]+\)/.test(l)).length
  const inlineLinks = answered ? (content.match(/\[[^\]\n]+\]\([^)\n]+\)/g) ?? []).length : 0
  const problems: LlmsTxtProblem[] = []
  if (answered) {
    if (html) problems.push('not-markdown')
    if (!hasTitle) problems.push('no-h1')
    if (content.length < LLMS_TXT_MIN_LENGTH) problems.push('too-short')
  }
  const grade: LlmsTxtGrade =
    status !== null && status >= 400 && status < 500
      ? 'missing'
      : !answered
        ? 'unreachable'
        : problems.length
          ? 'invalid'
          : 'valid'
  return {
    present,
    status,
    grade,
    problems,
    hasTitle,
    titleFirst: /^# \S/.test(firstLine),
    hasSummary,
    sections,
    links,
    inlineLinks,
    wellFormed: present && hasTitle && hasSummary && links > 0,
  }
}

const PROBLEMS: Record<LlmsTxtProblem, Localized> = {
  'no-h1': {
    pt: 'não tem o título H1 obrigatório ("# Nome")',
    en: 'it lacks the required H1 title ("# Name")',
  },
  'too-short': {
    pt: `é suspeitamente curto (menos de ${LLMS_TXT_MIN_LENGTH} caracteres)`,
    en: `it is suspiciously short (under ${LLMS_TXT_MIN_LENGTH} characters)`,
  },
  'not-markdown': {
    pt: 'não é Markdown (o servidor devolve uma página HTML)',
    en: 'it is not Markdown (the server returns an HTML page)',
  },
}

/** The optional parts of the llmstxt.org layout a valid file lacks: the advice. */
export function llmsTxtAdvice(t: LlmsTxtSignals): Localized[] {
  const out: Localized[] = []
  if (!t.titleFirst)
    out.push({ pt: 'o título "# " na primeira linha', en: 'the "# " title on the first line' })
  if (!t.hasSummary)
    out.push({ pt: 'um resumo "> " a seguir ao título', en: 'a "> " summary after the title' })
  if (t.sections === 0) out.push({ pt: 'secções "## "', en: '"## " sections' })
  if (t.links === 0) out.push({ pt: 'listas de ligações "- [nome](url)"', en: '"- [name](url)" link lists' })
  return out
}

const joined = (items: Localized[], lang: 'pt' | 'en'): string =>
  new Intl.ListFormat(lang === 'pt' ? 'pt-PT' : 'en-GB', { type: 'conjunction' }).format(
    items.map((i) => i[lang]),
  )

/** Farol differs from Lighthouse only on a valid file without any link. */
const NO_LINK_DIFFERENCE: NonNullable<Finding['differsFromLighthouse']> = {
  note: {
    pt: 'O Lighthouse reprova um llms.txt sem ligações; o Farol não, porque o formato de llmstxt.org só torna obrigatório o título H1 (as listas de ligações são opcionais).',
    en: 'Lighthouse fails an llms.txt without links; Farol does not, because the llmstxt.org format makes only the H1 title mandatory (link lists are optional).',
  },
  source: 'https://llmstxt.org/',
}

/**
 * `lighthouseScore`: Lighthouse's own llms-txt score from the same audit's run, shown as evidence so a
 * difference is visible where it happens (null: not applicable; undefined: Lighthouse did not run).
 */
export function llmsTxtFinding(t: LlmsTxtSignals, lighthouseScore?: number | null): BuiltFinding {
  const evidence: Evidence[] = [
    {
      signal: { pt: 'código HTTP do /llms.txt', en: '/llms.txt HTTP status' },
      value: t.status,
      target: same('200'),
      where: same('/llms.txt'),
    },
  ]
  if (lighthouseScore !== undefined)
    evidence.push({
      signal: { pt: 'veredicto do Lighthouse (llms-txt)', en: 'Lighthouse verdict (llms-txt)' },
      value: lighthouseScore === null ? 'n/a' : lighthouseScore >= 0.9 ? 'pass' : 'fail',
      where: same('Lighthouse'),
    })
  const base = {
    id: 'aio-llms-txt',
    category: 'aio' as const,
    impact: 'low' as const,
    score: null,
    strength: { level: STRENGTH.llmsTxt.level, note: STRENGTH.llmsTxt.note },
  }
  const finding = (
    verdict: Verdict,
    title: Localized,
    description: Localized,
    extra: Partial<Finding> = {},
  ) =>
    ({
      ...base,
      verdict,
      title,
      description,
      // Every item was read from the site's /llms.txt unless it says otherwise (Lighthouse's verdict).
      evidence: evidence.map((e) => (e.where ? e : { ...e, where: same('/llms.txt') })),
      ...extra,
    }) satisfies Finding

  if (t.grade === 'missing') {
    return {
      finding: finding(
        'na',
        { pt: 'Sem llms.txt', en: 'No llms.txt' },
        {
          pt: `O site não tem /llms.txt (resposta ${t.status}). Não é uma falha: é opcional e nenhum grande rastreador de IA está documentado a lê-lo.`,
          en: `The site has no /llms.txt (answer ${t.status}). That is not a flaw: it is optional and no major AI crawler is documented to read it.`,
        },
      ),
    }
  }
  if (t.grade === 'unreachable') {
    return {
      finding: finding(
        'fail',
        { pt: 'O /llms.txt não respondeu', en: '/llms.txt did not answer' },
        t.status === null
          ? {
              pt: 'O pedido do /llms.txt falhou sem resposta do servidor.',
              en: 'The request for /llms.txt failed without an answer from the server.',
            }
          : {
              pt: `O servidor respondeu ${t.status} ao /llms.txt: um erro do servidor, não a ausência do ficheiro.`,
              en: `The server answered ${t.status} for /llms.txt: a server error, not a missing file.`,
            },
      ),
      recommendation: {
        title: { pt: 'Corrija a resposta do /llms.txt', en: 'Fix the /llms.txt answer' },
        explanation: {
          pt: 'Faça o servidor responder 200 com o ficheiro, ou 404 se não o quiser ter.',
          en: 'Make the server answer 200 with the file, or 404 if you do not want one.',
        },
      },
    }
  }
  if (t.grade === 'invalid') {
    const problems = t.problems.map((p) => PROBLEMS[p])
    evidence.push({
      signal: { pt: 'problemas', en: 'problems' },
      value: t.problems.join(', '),
      target: { pt: 'nenhum', en: 'none' },
    })
    return {
      finding: finding(
        'fail',
        { pt: 'llms.txt inválido', en: 'Invalid llms.txt' },
        {
          pt: `O /llms.txt existe mas ${joined(problems, 'pt')}. O formato de llmstxt.org exige pelo menos um título H1 em Markdown.`,
          en: `/llms.txt exists but ${joined(problems, 'en')}. The llmstxt.org format requires at least an H1 title in Markdown.`,
        },
      ),
      recommendation: {
        title: { pt: 'Corrija o llms.txt', en: 'Fix llms.txt' },
        explanation: {
          pt: 'Escreva o /llms.txt em Markdown, a começar por "# Nome do site", seguido de um resumo "> " e de listas de ligações para as páginas principais (llmstxt.org).',
          en: 'Write /llms.txt in Markdown, starting with "# Site name", then a "> " summary and link lists to the main pages (llmstxt.org).',
        },
      },
    }
  }
  const advice = llmsTxtAdvice(t)
  evidence.push(
    { signal: { pt: 'título H1', en: 'H1 title' }, value: t.hasTitle, target: { pt: 'sim', en: 'yes' } },
    { signal: { pt: 'resumo "> "', en: '"> " summary' }, value: t.hasSummary },
    { signal: { pt: 'secções "## "', en: '"## " sections' }, value: t.sections },
    { signal: { pt: 'ligações em listas', en: 'links in lists' }, value: t.links },
    { signal: { pt: 'ligações Markdown', en: 'Markdown links' }, value: t.inlineLinks },
  )
  const differs = t.inlineLinks === 0 ? { differsFromLighthouse: NO_LINK_DIFFERENCE } : {}
  // The difference is said where every screen shows it, too: in the description.
  const differsNote = (lang: 'pt' | 'en') =>
    t.inlineLinks === 0 ? ` ${NO_LINK_DIFFERENCE.note[lang]} (${NO_LINK_DIFFERENCE.source})` : ''
  return {
    finding: finding(
      'pass',
      { pt: 'llms.txt válido', en: 'Valid llms.txt' },
      advice.length
        ? {
            pt: `O /llms.txt segue o formato de llmstxt.org (tem o título H1). Pode acrescentar: ${joined(advice, 'pt')}.${differsNote('pt')}`,
            en: `/llms.txt follows the llmstxt.org format (it has the H1 title). You could add ${joined(advice, 'en')}.${differsNote('en')}`,
          }
        : {
            pt: `O /llms.txt segue o formato completo de llmstxt.org: título, resumo, ${counted(t.sections, 'pt', { one: 'secção', other: 'secções' })} e ${counted(t.links, 'pt', { one: 'ligação', other: 'ligações' })}.`,
            en: `/llms.txt follows the full llmstxt.org format: title, summary, ${counted(t.sections, 'en', { one: 'section', other: 'sections' })} and ${counted(t.links, 'en', { one: 'link', other: 'links' })}.`,
          },
      differs,
    ),
    ...(advice.length
      ? {
          recommendation: {
            title: { pt: 'Complete o llms.txt', en: 'Complete llms.txt' },
            explanation: {
              pt: `Opcional (llmstxt.org): acrescente ${joined(advice, 'pt')}. O benefício é especulativo.`,
              en: `Optional (llmstxt.org): add ${joined(advice, 'en')}. The benefit is speculative.`,
            },
          },
        }
      : {}),
  }
}
