// What other features may read of Google's AI answers: a site's latest figures for the PDF report.
export { type GoogleAiReport, googleAiForReport } from './report-section.ts'
