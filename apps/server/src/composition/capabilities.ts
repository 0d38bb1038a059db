// The one list of task kinds beyond the audit. To add a task kind: write
// `apps/server/src/features/<feature>/capability.ts` exporting
// `export const capability: Capability<Input, Result> = { … }` and add one line below.
import { type CapabilityModules, registerCapabilities } from '../platform/tasks/capability.ts'

const capabilityModules = {
  ai_overviews: () => import('../features/ai-overviews/capability.ts'),
  directory_search: () => import('../features/directories/capability.ts'),
  keyword_research: () => import('../features/keywords/capability.ts'),
  content_suggestions: () => import('../features/recommender/capability.ts'),
  content_generation: () => import('../features/writer/capability.ts'),
  knowledge_check: () => import('../features/knowledge/hub.ts'),
  llm_journey: () => import('../features/ai-presence/journey-capability.ts'),
  llm_presence: () => import('../features/ai-presence/capability.ts'),
  site_crawl: () => import('../features/site-audit/capability.ts'),
} satisfies CapabilityModules

export const capabilityKinds = Object.keys(capabilityModules)

/** Called by the app and by the workers before they take a request or a job. */
export function useCapabilities(): void {
  registerCapabilities(capabilityModules)
}
