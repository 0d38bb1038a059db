// What other features may read of tracked sites: the shape of one monitoring run (reports compare periods),
// a workspace's sites and their keywords, and their webhooks' events (Google's AI answers, issue 43).
export type { RunSnapshot } from './alerts.ts'
export {
  searchConsoleQueries,
  siteKeywordsOf,
  type TrackedSiteRef,
  trackedSiteOf,
  trackedSitesOf,
} from './read-model.ts'
export { emitSiteEvent } from './webhooks/service.ts'
