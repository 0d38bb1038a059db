// What other features may read of bot logs: a site's latest findings (the report's bot section), and when a
// bot last fetched given pages (Google's AI answers' joins).
export { lastBotFetches } from './last-fetch.ts'
export { latestBotFindings } from './summary.ts'
