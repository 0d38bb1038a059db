// Where the Journey tab's timeline comes from (issue #15 item 3): the journey stored in a full presence run,
// or a run of the journey alone (`llm_journey`, the tab's re-run and runs made before presence carried it).
import {
  type Journey,
  type JourneyResult,
  PERSONAS,
  type Persona,
  type PersonaStage,
} from '@farol/engine/visibility/journey.ts'
import type { LlmPresenceResult } from '../llm/llm-api.ts'

export { type JourneyResult, PERSONAS, type Persona, type PersonaStage }

/**
 * Which journey to show: a re-run still going wins; then a presence run still going, with the stages it
 * has answered so far; then, of the presence run's journey and the latest `llm_journey` run, the one that
 * ended last.
 */
export function pickJourney(
  presence: LlmPresenceResult | null,
  rerun: JourneyResult | null,
  rerunning: boolean,
): { journey: Journey; fromPresence: string | null; presenceRunning: boolean } | null {
  const from = (journey: Journey, fromPresence: string | null = null, presenceRunning = false) => ({
    journey,
    fromPresence,
    presenceRunning,
  })
  if (rerun && rerunning) return from(rerun.journey)
  if (presence?.journey && !presence.finishedAt) return from(presence.journey, null, true)
  const ofPresence = presence?.journey && presence.finishedAt ? presence : null
  if (rerun && (!ofPresence || (rerun.finishedAt ?? '') > (ofPresence.finishedAt ?? '')))
    return from(rerun.journey)
  if (ofPresence?.journey) return from(ofPresence.journey, ofPresence.finishedAt)
  return null
}
