// Title and meta description: presence (Lighthouse's rule) and length (spec §5 scores).
import type { SeoArtifacts } from '../gather/types.ts'
import { DESCRIPTION_IDEAL, descriptionScore, TITLE_IDEAL, textLength, titleScore } from '../scores/index.ts'
import type { Finding } from '../types.ts'
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
  title: { pt: 'A página tem um título com bom comprimento', en: 'Page has a title of a good length' },
  failureTitle: { pt: 'A página não tem título', en: 'Page has no title' },
  description: {
    pt: `O título é o que os motores de busca mostram como ligação nos resultados. Use ${TITLE_IDEAL.min} a ${TITLE_IDEAL.max} caracteres que descrevam esta página.`,
    en: `The title is what search engines show as the link in results. Use ${TITLE_IDEAL.min} to ${TITLE_IDEAL.max} characters that describe this page.`,
  },
}

/** Fails like Lighthouse (no title, or blank); a title outside 30-60 characters warns with its §5 score. */
export function documentTitle(a: SeoArtifacts): Finding {
  const x = extract(a)
  const length = textLength(x.title)
  const score = titleScore(x.title)
  const evidence = [
    { signal: { pt: 'título', en: 'title' }, value: x.title },
    {
      signal: { pt: 'comprimento do título', en: 'title length' },
      value: length,
      target: characters(TITLE_IDEAL),
    },
  ]
  if (x.titleCount > 1)
    evidence.push({
      signal: { pt: 'elementos <title>', en: '<title> elements' },
      value: x.titleCount,
      target: same('1'),
    })
  if (length === 0) return makeFinding(titleMeta, 'fail', { score: 0, evidence })
  if (score === 100) return makeFinding(titleMeta, 'pass', { score, evidence })
  const short = length < TITLE_IDEAL.min
  return makeFinding(titleMeta, 'warn', {
    score,
    evidence,
    title: short
      ? { pt: 'O título é demasiado curto', en: 'The title is too short' }
      : { pt: 'O título é demasiado longo', en: 'The title is too long' },
    detail: short
      ? { pt: `O título tem ${length} caracteres.`, en: `The title has ${length} characters.` }
      : {
          pt: `O título tem ${length} caracteres e será cortado nos resultados.`,
          en: `The title has ${length} characters and will be cut off in results.`,
        },
  })
}

export const descriptionMeta: CheckMeta = {
  id: 'meta-description',
  category: 'seo',
  impact: 'medium',
  title: {
    pt: 'A página tem uma meta descrição com bom comprimento',
    en: 'Page has a meta description of a good length',
  },
  failureTitle: { pt: 'A página não tem meta descrição', en: 'Page has no meta description' },
  description: {
    pt: `A meta descrição pode ser usada como resumo nos resultados de pesquisa. Escreva ${DESCRIPTION_IDEAL.min} a ${DESCRIPTION_IDEAL.max} caracteres que resumam a página.`,
    en: `The meta description may be used as the summary in search results. Write ${DESCRIPTION_IDEAL.min} to ${DESCRIPTION_IDEAL.max} characters that summarise the page.`,
  },
}

export function metaDescriptionText(a: SeoArtifacts): string | null {
  const m = metaByName(extract(a), 'description')
  return m ? m.content.replace(/\s+/g, ' ').trim() : null
}

/** Fails like Lighthouse (no meta description, or blank); outside 120-160 characters warns with its §5 score. */
export function metaDescription(a: SeoArtifacts): Finding {
  const description = metaDescriptionText(a)
  const length = textLength(description)
  const score = descriptionScore(description)
  const evidence = [
    { signal: same('meta description'), value: description },
    {
      signal: { pt: 'comprimento da meta description', en: 'meta description length' },
      value: length,
      target: characters(DESCRIPTION_IDEAL),
    },
  ]
  if (length === 0) {
    return makeFinding(descriptionMeta, 'fail', {
      score: 0,
      evidence,
      detail:
        description === null ? null : { pt: 'A descrição está vazia.', en: 'The description is empty.' },
    })
  }
  if (score === 100) return makeFinding(descriptionMeta, 'pass', { score, evidence })
  const short = length < DESCRIPTION_IDEAL.min
  return makeFinding(descriptionMeta, 'warn', {
    score,
    evidence,
    title: short
      ? { pt: 'A meta descrição é demasiado curta', en: 'The meta description is too short' }
      : { pt: 'A meta descrição é demasiado longa', en: 'The meta description is too long' },
    detail: { pt: `A descrição tem ${length} caracteres.`, en: `The description has ${length} characters.` },
  })
}
