// Queues (design.md): Lighthouse work one at a time per worker process, lighter work in parallel, and
// the capabilities' tasks (LLM presence, keywords, directories, crawls) on a queue of their own.
import type { TaskKind } from './contract.ts'

export const lighthouseQueue = 'task.lighthouse'
export const lightQueue = 'task.light'
/** Every capability's tasks (capabilities.ts): mostly waiting on providers or sites, so several at once. */
export const capabilityQueue = 'task.capability'

export function queueFor(kind: TaskKind): string {
  if (kind === 'seo_analysis') return lighthouseQueue
  if (kind === 'ai_optimization') return lightQueue
  return capabilityQueue
}
