// Messages between the runner (parent) and the Lighthouse worker (child process) over IPC.
import type { RenderedFacts } from '../page/rendered.ts'
import type { LighthouseDevice, LighthouseResult, LighthouseTexts } from './types.ts'

export interface RunRequest {
  type: 'run'
  url: string
  device: LighthouseDevice
  chromePath: string
  chromeFlags: string[]
  /** Created and removed by the parent, so it can clean up even after killing the child. */
  userDataDir: string
  /** TMPDIR for Chromium, inside userDataDir. */
  chromeTmpDir: string
  locale?: string
  maxWaitForLoad: number
  onlyCategories: string[]
}

export type WorkerMessage =
  | { type: 'chrome'; pid: number }
  | {
      type: 'result'
      lhr: LighthouseResult
      /** Rendered here, where Lighthouse's locales are loaded already; absent if that failed. */
      texts?: LighthouseTexts
      /** Facts of the rendered DOM (anchors with listeners, the HTML); absent if they could not be read. */
      rendered?: RenderedFacts
      maxRssBytes: number
      /** startupMs: from the worker's start until Chromium and Lighthouse are both ready. */
      timings: { startupMs: number; lighthouseMs: number }
    }
  | { type: 'error'; message: string }

export const lighthouseCategories = [
  'performance',
  'seo',
  'accessibility',
  'best-practices',
  'agentic-browsing',
]

/**
 * The scheduling priority (nice value) of a Lighthouse run and the Chromium it launches, from
 * FAROL_LIGHTHOUSE_NICE: 10 by default, so a server's answers on the same cores come first (scores come
 * from simulated throttling, so a lower priority slows a run without changing it); 0 where Lighthouse is
 * the bottleneck, as on a machine that only runs the worker. Throws for a value that is not 0-19.
 */
export function lighthouseNice(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10
  const nice = Number(value)
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    throw new Error(
      `FAROL_LIGHTHOUSE_NICE must be a whole number from 0 to 19 (got ${JSON.stringify(value)})`,
    )
  }
  return nice
}
