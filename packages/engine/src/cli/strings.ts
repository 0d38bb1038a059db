// The CLI's own words in both product languages (findings carry their own strings).
import type { Lang } from '../types.ts'

const strings = {
  report: { pt: 'Relatório Farol', en: 'Farol report' },
  finalUrl: { pt: 'URL final', en: 'Final URL' },
  scores: { pt: 'Pontuações', en: 'Scores' },
  overall: { pt: 'Global', en: 'Overall' },
  seo: { pt: 'SEO', en: 'SEO' },
  aio: { pt: 'AIO', en: 'AIO' },
  llm: { pt: 'Presença em LLM', en: 'LLM presence' },
  llmMissing: {
    pt: 'sem dados (ligue um fornecedor de LLM)',
    en: 'no data (connect an LLM provider)',
  },
  seoParts: {
    pt: 'na página {onPage}, desempenho {performance}',
    en: 'on-page {onPage}, performance {performance}',
  },
  onPage: { pt: 'SEO na página', en: 'On-page SEO' },
  aioSection: { pt: 'Otimização para IA (AIO)', en: 'AI optimisation (AIO)' },
  readability: { pt: 'Legibilidade', en: 'Readability' },
  llmInterpretability: { pt: 'Interpretação por LLM', en: 'LLM interpretability' },
  logicalStructure: { pt: 'Estrutura lógica', en: 'Logical structure' },
  strengths: { pt: 'Pontos fortes', en: 'Strengths' },
  weaknesses: { pt: 'Pontos fracos', en: 'Weaknesses' },
  recommendations: { pt: 'Recomendações', en: 'Recommendations' },
  lighthouse: { pt: 'Lighthouse', en: 'Lighthouse' },
  notRun: { pt: 'não executado', en: 'not run' },
  performance: { pt: 'Desempenho', en: 'Performance' },
  accessibility: { pt: 'Acessibilidade', en: 'Accessibility' },
  bestPractices: { pt: 'Boas práticas', en: 'Best practices' },
  agentic: { pt: 'Navegação por agentes', en: 'Agentic browsing' },
  desktop: { pt: 'Desktop', en: 'Desktop' },
  mobile: { pt: 'Mobile', en: 'Mobile' },
  passed: { pt: '{n} verificações aprovadas', en: '{n} checks passed' },
  progressFetching: { pt: 'A obter a página…', en: 'Fetching the page…' },
  progressOnPage: { pt: 'Análise na página concluída', en: 'On-page analysis done' },
  progressLighthouse: { pt: 'Lighthouse ({device})…', en: 'Lighthouse ({device})…' },
  progressLighthouseDone: { pt: 'Lighthouse ({device}) concluído', en: 'Lighthouse ({device}) done' },
  progressLighthouseFailed: { pt: 'Lighthouse ({device}) falhou', en: 'Lighthouse ({device}) failed' },
  couldNotAudit: { pt: 'Não foi possível analisar {url}', en: 'Could not audit {url}' },
  unexpected: { pt: 'Erro inesperado', en: 'Unexpected error' },
  belowThreshold: {
    pt: 'A pontuação global {score} está abaixo do mínimo {min}.',
    en: 'The overall score {score} is below the minimum {min}.',
  },
  interrupted: { pt: 'Interrompido.', en: 'Interrupted.' },
} as const

export type StringKey = keyof typeof strings

export function t(lang: Lang, key: StringKey, vars: Record<string, string | number> = {}): string {
  return strings[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`))
}
