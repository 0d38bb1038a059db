// What other features may read of the page analysis: its stored Lighthouse reports (the PDF report).
export { decodeLighthouseResult } from './lighthouse-store.ts'
