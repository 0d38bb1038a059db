// What other features may read of bot logs: a site's latest findings (the report's bot section).
export { latestBotFindings } from './summary.ts'
