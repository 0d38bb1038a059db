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
