// What other features may read of the page analysis: its stored Lighthouse reports (the PDF report), and
// its tasks with the presence part in their overall score (the PDF's data, decision 045).
export { decodeLighthouseResult } from './lighthouse-store.ts'
export { overallWithPresence, presenceParts, withAnalysisPresence } from './presence-part.ts'
