// Customer journey (issue #15 item 3, spec "Persona stage"): for each persona, the questions a person asks
// an assistant at each stage of deciding, generated from the site's profile, and a status per stage from
// what the answer measurably says — the brand named and cited (positive), named without its site or only
// after others (warning), absent, named only to say nothing is known, or stated wrongly (negative).
// Pure: the server asks the models and passes the answers in.
import type { AnswerAnalysis } from './mentions.ts'
import type { SiteProfile } from './site.ts'

export const PERSONAS = ['newCustomer', 'existingCustomer', 'researchPhase'] as const
export type Persona = (typeof PERSONAS)[number]
export type StageStatus = 'positive' | 'warning' | 'negative'

export interface StageQuery {
  stage: string
  query: string
}

export interface PersonaStage extends StageQuery {
  aiResponse: string
  status: StageStatus
  improvement: string
  /** Which model answered: the `llm_journey` task asks one model, a presence run takes them in turn. */
  model: string
}

/** Every persona's timeline, as stored in an `llm_presence` result and an `llm_journey` task. */
export type Journey = Record<Persona, PersonaStage[]>

/** The result of an `llm_journey` task (the server's task, the web's Journey tab). */
export interface JourneyResult {
  url: string
  brand: string
  model: string
  journey: Journey
  progress: { done: number; total: number }
  /** When the run ended (null while it runs); the Journey tab shows the newer of this and a presence
   *  run's. Absent from runs stored before it was recorded (treated as older). */
  finishedAt?: string | null
}

type Lang = 'pt' | 'en'

/** Stage names and questions per persona; `{s}` is the main service, `{b}` the brand, `{w}` " em Braga" or "". */
const STAGES: Record<Persona, Record<Lang, [string, string][]>> = {
  newCustomer: {
    pt: [
      ['Descoberta', 'Qual é a melhor empresa de {s}{w}?'],
      ['Consideração', 'O que devo ter em conta ao escolher {s}{w}?'],
      ['Decisão', 'A {b} é uma boa escolha para {s}?'],
    ],
    en: [
      ['Discovery', 'What is the best {s} business{w}?'],
      ['Consideration', 'What should I look for when choosing {s}{w}?'],
      ['Decision', 'Is {b} a good choice for {s}?'],
    ],
  },
  existingCustomer: {
    pt: [
      ['Contacto', 'Qual é o contacto e o horário da {b}?'],
      ['Suporte', 'Como resolvo um problema com um serviço da {b}?'],
      ['Fidelização', 'A {b} tem outros serviços além de {s}?'],
    ],
    en: [
      ['Contact', 'What are the phone number and opening hours of {b}?'],
      ['Support', 'How do I solve a problem with a {b} service?'],
      ['Loyalty', 'Does {b} offer other services besides {s}?'],
    ],
  },
  researchPhase: {
    pt: [
      ['Pesquisa', 'Quanto custa {s}{w}?'],
      ['Comparação', 'Compare as principais opções de {s}{w}.'],
      ['Reputação', 'A {b} ({d}) é de confiança?'],
    ],
    en: [
      ['Research', 'How much does {s} cost{w}?'],
      ['Comparison', 'Compare the main {s} options{w}.'],
      ['Reputation', 'Is {b} ({d}) trustworthy?'],
    ],
  },
}

export function journeyQueries(profile: SiteProfile, persona: Persona, lang: Lang): StageQuery[] {
  const service = (profile.services[0] ?? profile.brand).toLowerCase()
  const where = profile.place ? (lang === 'pt' ? ` em ${profile.place}` : ` in ${profile.place}`) : ''
  return STAGES[persona][lang].map(([stage, template]) => ({
    stage,
    query: template
      .replaceAll('{s}', service)
      .replaceAll('{w}', where)
      .replaceAll('{b}', profile.brand)
      .replaceAll('{d}', profile.domain),
  }))
}

/** What the knowledge hub found wrong in this answer, when facts were checked (else null). */
export interface StageClaims {
  contradicted: number
  outdated: number
}

export function stageStatus(analysis: AnswerAnalysis, claims: StageClaims | null = null): StageStatus {
  if (!analysis.mentioned || analysis.negated) return 'negative'
  if (claims && claims.contradicted + claims.outdated > 0) return 'negative'
  if (analysis.cited && (analysis.position === null || analysis.position === 1)) return 'positive'
  return 'warning'
}

/** The finding behind the status, said as what to do. */
export function stageImprovement(
  analysis: AnswerAnalysis,
  claims: StageClaims | null,
  profile: SiteProfile,
  lang: Lang,
): string {
  const pt = lang === 'pt'
  if (claims && claims.contradicted + claims.outdated > 0)
    return pt
      ? `A resposta afirma ${claims.contradicted + claims.outdated} facto(s) errado(s) ou desatualizado(s) sobre a ${profile.brand}: corrija-os no separador Conhecimento.`
      : `The answer states ${claims.contradicted + claims.outdated} wrong or outdated fact(s) about ${profile.brand}: fix them in the Knowledge tab.`
  if (analysis.negated)
    return pt
      ? `O assistente diz não conhecer a ${profile.brand}: publique dados estruturados (Organization/LocalBusiness) e um perfil Google Business e Wikidata.`
      : `The assistant says it does not know ${profile.brand}: publish structured data (Organization/LocalBusiness) and a Google Business Profile and Wikidata entry.`
  if (!analysis.mentioned) {
    const named = analysis.competitorsNamed.length
      ? analysis.competitorsNamed
      : analysis.candidates.slice(0, 3)
    return pt
      ? `A ${profile.brand} não é mencionada${named.length ? ` (aparecem ${named.join(', ')})` : ''}: crie uma página que responda diretamente a esta pergunta.`
      : `${profile.brand} is not mentioned${named.length ? ` (${named.join(', ')} are)` : ''}: publish a page that answers this question directly.`
  }
  if (!analysis.cited)
    return pt
      ? `A ${profile.brand} é mencionada mas o site ${profile.domain} não é citado como fonte: torne a resposta citável (FAQ, dados estruturados).`
      : `${profile.brand} is mentioned but ${profile.domain} is not cited as a source: make the answer citable (FAQ, structured data).`
  if (analysis.position !== null && analysis.position > 1)
    return pt
      ? `A ${profile.brand} aparece em ${analysis.position}.º lugar: reforce o que a distingue na página do serviço.`
      : `${profile.brand} comes in position ${analysis.position}: strengthen what sets it apart on the service page.`
  return pt
    ? 'Mantenha esta página atualizada: a resposta menciona e cita o site.'
    : 'Keep this page up to date: the answer names and cites the site.'
}
