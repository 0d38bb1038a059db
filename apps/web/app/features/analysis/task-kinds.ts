/**
 * The name of a task's kind, the same in the dashboard history, the client home and the admin list
 * (issue 25: the history showed raw keys such as `dashboard.kinds.llm_presence`, the client home labelled
 * every task "SEO"). Every kind the server runs has a name in history:kinds (a server test checks the
 * list against its task kinds); one it does not know yet reads "Outra tarefa", never a key.
 */
const knownTaskKinds = [
  'analysis',
  'seo_analysis',
  'ai_optimization',
  'directory_search',
  'keyword_research',
  'content_suggestions',
  'content_generation',
  'knowledge_check',
  'llm_journey',
  'llm_presence',
  'site_crawl',
  'ai_overviews',
] as const

type T = (key: string, options?: Record<string, unknown>) => string

export function taskKindLabel(t: T, kind: string, platform?: string | null): string {
  const name = (knownTaskKinds as readonly string[]).includes(kind)
    ? t(`history:kinds.${kind}`)
    : t('history:kinds.other')
  if (platform !== 'desktop' && platform !== 'mobile') return name
  return `${name} · ${t(`history:platforms.${platform}`)}`
}
