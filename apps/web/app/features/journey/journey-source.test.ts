import { describe, expect, it } from 'vitest'
import type { LlmPresenceResult } from '../llm/llm-api.ts'
import { type JourneyResult, type PersonaStage, pickJourney } from './journey-source.ts'

const stage = (model: string): PersonaStage => ({
  stage: 'Descoberta',
  query: 'Qual é a melhor oficina em Braga?',
  aiResponse: '…',
  status: 'positive',
  improvement: '…',
  model,
})
const timeline = (model: string) => ({
  newCustomer: [stage(model)],
  existingCustomer: [],
  researchPhase: [],
})
const presence = (finishedAt: string | null, withJourney = true) =>
  ({ finishedAt, ...(withJourney ? { journey: timeline('presence') } : {}) }) as LlmPresenceResult
const rerun = (finishedAt?: string | null): JourneyResult => ({
  url: 'https://oficina.pt/',
  brand: 'Oficina',
  model: 'rerun',
  journey: timeline('rerun'),
  progress: { done: 1, total: 9 },
  ...(finishedAt === undefined ? {} : { finishedAt }),
})
const at = (day: number) => `2025-05-${String(day).padStart(2, '0')}T10:00:00.000Z`

describe('pickJourney: the newer of the presence run’s journey and an llm_journey run', () => {
  it.each([
    ['nothing', null, null, false, null],
    ['presence journey only', presence(at(2)), null, false, 'presence'],
    [
      'old presence run without a journey: the llm_journey run',
      presence(at(2), false),
      rerun(at(1)),
      false,
      'rerun',
    ],
    [
      'presence still running (partial, no journey): the llm_journey run',
      presence(null, false),
      rerun(at(1)),
      false,
      'rerun',
    ],
    ['llm_journey older than the presence run', presence(at(2)), rerun(at(1)), false, 'presence'],
    [
      'llm_journey stored before finishedAt existed counts as older',
      presence(at(2)),
      rerun(),
      false,
      'presence',
    ],
    ['llm_journey newer than the presence run', presence(at(2)), rerun(at(3)), false, 'rerun'],
    ['a re-run in progress is shown as it streams', presence(at(2)), rerun(null), true, 'rerun'],
  ] as const)('%s', (_, p, r, running, expected) => {
    const shown = pickJourney(p, r, running)
    expect(shown?.journey.newCustomer[0]?.model ?? null).toBe(expected)
    expect(shown?.fromPresence ?? null).toBe(expected === 'presence' ? at(2) : null)
  })
})

describe('pickJourney while a presence run is going', () => {
  it('shows the stages the running presence run has answered so far, newer than any finished run', () => {
    const shown = pickJourney(presence(null), rerun(at(3)), false)
    expect(shown?.journey.newCustomer[0]?.model).toBe('presence')
    expect(shown?.presenceRunning).toBe(true)
    expect(shown?.fromPresence).toBeNull()
  })
  it('a re-run the user started still comes first', () => {
    const shown = pickJourney(presence(null), rerun(null), true)
    expect(shown?.journey.newCustomer[0]?.model).toBe('rerun')
    expect(shown?.presenceRunning).toBe(false)
  })
})
