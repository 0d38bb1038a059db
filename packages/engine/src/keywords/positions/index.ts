export { positionInSerp, type SerpOptions, type SerpPosition, serpPositions } from './dataforseo-serp.ts'
export {
  defaultSearchConsoleUrl,
  type GscOptions,
  type GscRow,
  type KeywordStanding,
  rowsOf,
  searchAnalytics,
  standings,
} from './search-console.ts'
