// Title and meta description: presence (Lighthouse's question, the verdict) and length (Farol's advice,
// graded by the spec's §5 scores, as findings of their own).
import type { SeoArtifacts } from '../gather/types.ts'
import { DESCRIPTION_IDEAL, descriptionScore, TITLE_IDEAL, textLength, titleScore } from '../scores/index.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract, metaByName } from './extract.ts'
import { type CheckMeta, makeFinding, same } from './finding.ts'

const characters = (range: { min: number; max: number }) => ({
  pt: `${range.min}-${range.max} caracteres`,
  en: `${range.min}-${range.max} characters`,
})

export const titleMeta: CheckMeta = {
  id: 'document-title',
  category: 'seo',
  impact: 'high',
  title: { pt: 'A página tem um título', en: 'Page has a title' },
  failureTitle: { pt: 'A página não tem título', en: 'Page has no title' },
  description: {
    pt: 'O título é o que os motores de pesquisa mostram como ligação nos resultados. Escreva um <title> que descreva esta página.',
    en: 'The title is what search engines show as the link in results. Write a <title> that describes this page.',
  },
}

const titleEvidence = (title: string | null) => ({ signal: { pt: 'título', en: 'title' }, value: title })

/**
 * Lighthouse's question (axe's document-title rule): is there a non-empty <title>? The length is advice,
 * a separate finding (title-length), so a page can pass this and still get a length tip.
 */
export function documentTitle(a: SeoArtifacts): Finding {
  const x = extract(a)
  const evidence: Evidence[] = [titleEvidence(x.title)]
  if (x.titleCount > 1)
    evidence.push({
      signal: { pt: 'elementos <title>', en: '<title> elements' },
      value: x.titleCount,
      target: same('1'),
    })
  return textLength(x.title) === 0
    ? makeFinding(titleMeta, 'fail', { score: 0, evidence })
    : makeFinding(titleMeta, 'pass', { score: 100, evidence })
}

export const titleLengthMeta: CheckMeta = {
  id: 'title-length',
  category: 'seo',
  impact: 'low',
  title: { pt: 'O título tem um bom comprimento', en: 'The title has a good length' },
  failureTitle: { pt: 'O comprimento do título pode melhorar', en: 'The title length could be better' },
  description: {
    pt: `Conselho do Farol, não uma regra do Google nem do Lighthouse: títulos de ${TITLE_IDEAL.min} a ${TITLE_IDEAL.max} caracteres cabem inteiros nos resultados e dizem o suficiente. O Google mostra o título cortado quando é mais largo do que o espaço disponível.`,
    en: `Farol's advice, not a Google or Lighthouse rule: titles of ${TITLE_IDEAL.min} to ${TITLE_IDEAL.max} characters fit whole in results and say enough. Google shows a title cut off when it is wider than the space available.`,
  },
}

/** Farol's advice: 30-60 characters, graded by the spec's §5 score; not applicable without a title. */
export function titleLength(a: SeoArtifacts): Finding {
  const x = extract(a)
  const length = textLength(x.title)
  const score = titleScore(x.title)
  const evidence = [
    titleEvidence(x.title),
    {
      signal: { pt: 'comprimento do título', en: 'title length' },
      value: length,
      target: characters(TITLE_IDEAL),
    },
  ]
  if (length === 0) return makeFinding(titleLengthMeta, 'na', { evidence })
  if (score === 100) return makeFinding(titleLengthMeta, 'pass', { score, evidence })
  const short = length < TITLE_IDEAL.min
  return makeFinding(titleLengthMeta, 'warn', {
    score,
    evidence,
    title: short
      ? { pt: 'O título é demasiado curto', en: 'The title is too short' }
      : { pt: 'O título é demasiado longo', en: 'The title is too long' },
    detail: short
      ? { pt: `O título tem ${length} caracteres.`, en: `The title has ${length} characters.` }
      : {
          pt: `O título tem ${length} caracteres e pode ser cortado nos resultados.`,
          en: `The title has ${length} characters and may be cut off in results.`,
        },
  })
}

export const descriptionMeta: CheckMeta = {
  id: 'meta-description',
  category: 'seo',
  impact: 'medium',
  title: { pt: 'A página tem uma meta descrição', en: 'Page has a meta description' },
  failureTitle: { pt: 'A página não tem meta descrição', en: 'Page has no meta description' },
  description: {
    pt: 'A meta descrição pode ser usada como resumo nos resultados de pesquisa. Escreva uma que resuma a página.',
    en: 'The meta description may be used as the summary in search results. Write one that summarises the page.',
  },
}

export function metaDescriptionText(a: SeoArtifacts): string | null {
  const m = metaByName(extract(a), 'description')
  return m ? m.content.replace(/\s+/g, ' ').trim() : null
}

const descriptionEvidence = (description: string | null) => ({
  signal: same('meta description'),
  value: description,
})

/** Lighthouse's question: is there a non-empty meta description? The length is the next finding. */
export function metaDescription(a: SeoArtifacts): Finding {
  const description = metaDescriptionText(a)
  const evidence = [descriptionEvidence(description)]
  if (textLength(description) === 0) {
    return makeFinding(descriptionMeta, 'fail', {
      score: 0,
      evidence,
      detail:
        description === null ? null : { pt: 'A descrição está vazia.', en: 'The description is empty.' },
    })
  }
  return makeFinding(descriptionMeta, 'pass', { score: 100, evidence })
}

export const descriptionLengthMeta: CheckMeta = {
  id: 'meta-description-length',
  category: 'seo',
  impact: 'low',
  title: {
    pt: 'A meta descrição tem um bom comprimento',
    en: 'The meta description has a good length',
  },
  failureTitle: {
    pt: 'O comprimento da meta descrição pode melhorar',
    en: 'The meta description length could be better',
  },
  description: {
    pt: `Conselho do Farol, não uma regra do Google nem do Lighthouse: ${DESCRIPTION_IDEAL.min} a ${DESCRIPTION_IDEAL.max} caracteres chegam para resumir a página sem serem cortados no resultado.`,
    en: `Farol's advice, not a Google or Lighthouse rule: ${DESCRIPTION_IDEAL.min} to ${DESCRIPTION_IDEAL.max} characters are enough to summarise the page without being cut off in the result.`,
  },
}

/** Farol's advice: 120-160 characters, graded by the spec's §5 score; not applicable without one. */
export function metaDescriptionLength(a: SeoArtifacts): Finding {
  const description = metaDescriptionText(a)
  const length = textLength(description)
  const score = descriptionScore(description)
  const evidence = [
    descriptionEvidence(description),
    {
      signal: { pt: 'comprimento da meta description', en: 'meta description length' },
      value: length,
      target: characters(DESCRIPTION_IDEAL),
    },
  ]
  if (length === 0) return makeFinding(descriptionLengthMeta, 'na', { evidence })
  if (score === 100) return makeFinding(descriptionLengthMeta, 'pass', { score, evidence })
  const short = length < DESCRIPTION_IDEAL.min
  return makeFinding(descriptionLengthMeta, 'warn', {
    score,
    evidence,
    title: short
      ? { pt: 'A meta descrição é demasiado curta', en: 'The meta description is too short' }
      : { pt: 'A meta descrição é demasiado longa', en: 'The meta description is too long' },
    detail: { pt: `A descrição tem ${length} caracteres.`, en: `The description has ${length} characters.` },
  })
}
