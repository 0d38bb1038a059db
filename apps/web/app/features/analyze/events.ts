/** The window event an analyze form dispatches; the root listener turns it into a navigation. */
export const analyzeEventName = 'farol:analyze'

export interface AnalyzeEventDetail {
  url: string
}

export function dispatchAnalyze(url: string): void {
  window.dispatchEvent(new CustomEvent<AnalyzeEventDetail>(analyzeEventName, { detail: { url } }))
}

export const lastAnalyzedUrlKey = 'lastAnalyzedUrl'
