// Two queues (design.md): Lighthouse work one at a time per worker process, lighter work in parallel.
import type { TaskKind } from './contract.ts'

export const lighthouseQueue = 'task.lighthouse'
export const lightQueue = 'task.light'

export function queueFor(kind: TaskKind): string {
  return kind === 'seo_analysis' ? lighthouseQueue : lightQueue
}
