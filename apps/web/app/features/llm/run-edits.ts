// The AI-presence review's text fields as the run and the settings take them (run-review.tsx).
import type { LlmPlan } from './llm-api.ts'

export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

/** "Auto Silva, https://autosilva.pt" or just a name, one per line. */
export function parseCompetitorLines(text: string) {
  return lines(text).map((line) => {
    const comma = line.lastIndexOf(',')
    const tail = comma > 0 ? line.slice(comma + 1).trim() : ''
    if (comma > 0 && /^(https?:\/\/|www\.)|\.[a-z]{2,}(\/|$)/i.test(tail))
      return { name: line.slice(0, comma).trim(), url: tail }
    return { name: line, url: null }
  })
}

/** What a member changed for one run: competitors added to the saved ones, questions asked instead. */
export interface RunEdits {
  competitors?: { name: string; url: string | null }[]
  prompts?: string[]
}

/** A member's edits as the run's requested_data (absent: unchanged from the plan). */
export function editsForThisRun(plan: LlmPlan, competitors: string, questions: string): RunEdits {
  const typed = lines(questions)
  const planned = plan.competitors.map((c) => (c.url ? `${c.name}, ${c.url}` : c.name))
  const edits: RunEdits = {}
  if (lines(competitors).join('\n') !== planned.join('\n'))
    edits.competitors = parseCompetitorLines(competitors)
  if (typed.join('\n') !== plan.prompts.map((q) => q.text).join('\n')) edits.prompts = typed
  return edits
}
