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
 * Which journey to show: a re-run still going, or one that ended after the presence run, wins; otherwise
 * the presence run's journey when it has one; otherwise the latest `llm_journey` run.
 */
export function pickJourney(
  presence: LlmPresenceResult | null,
  rerun: JourneyResult | null,
  rerunning: boolean,
): { journey: Journey; fromPresence: string | null } | null {
  const ofPresence = presence?.journey && presence.finishedAt ? presence : null
  if (rerun && (rerunning || !ofPresence || (rerun.finishedAt ?? '') > (ofPresence.finishedAt ?? '')))
    return { journey: rerun.journey, fromPresence: null }
  if (ofPresence?.journey) return { journey: ofPresence.journey, fromPresence: ofPresence.finishedAt }
  return rerun ? { journey: rerun.journey, fromPresence: null } : null
}
