// The shapes /api/v1 publishes for this feature (protocols/api-v1/operations.ts forwards to routes.ts).
import { z } from 'zod'

const location = z.object({ locationCode: z.number().int(), languageCode: z.string() })

export const overviewsRunInput = z.object({
  site: z
    .string()
    .describe('The site whose citations are counted (www., m. and AMP hosts are the same site).'),
  keywords: z.array(z.string()).describe('1 to 500 keywords.'),
  competitors: z.array(z.string()).optional().describe('Up to 10 competitor domains.'),
  locations: z
    .array(location)
    .optional()
    .describe('Google Ads location codes and languages; default Portugal (2620) and Brazil (2076) in pt.'),
  devices: z.array(z.enum(['desktop', 'mobile'])).optional(),
  surfaces: z.array(z.enum(['ai_overview', 'ai_mode'])).optional(),
})

export const overviewsConfirmedInput = overviewsRunInput.extend({
  confirm: z.literal(true),
  expectedCost: z
    .number()
    .describe('The estimate the caller accepted, in USD; a higher one is refused (409).'),
})

const estimate = z.object({
  calls: z.number().int(),
  cost: z.number(),
  cached: z.number().int(),
  seconds: z.number(),
  bySurface: z.record(z.string(), z.object({ calls: z.number().int(), cost: z.number() })),
})

export const overviewsEstimate = z.object({ configured: z.boolean(), request: z.looseObject({}), estimate })
export const overviewsRunCreated = z.object({ runId: z.uuid(), taskId: z.uuid(), estimate })
/** A run's addresses under /api/v1. */
const runLinks = {
  runUrl: z.string(),
  pagesUrl: z.string().describe('The site’s cited pages beside their crawl facts.'),
  taskUrl: z.string().nullable().describe('The run’s task (status and progress).'),
}
export const overviewsRun = z.object({
  run: z.looseObject({
    id: z.uuid(),
    status: z.string(),
    spent: z.number(),
    calls: z.number().int(),
    ...runLinks,
  }),
  report: z
    .looseObject({
      site: z.string(),
      summaries: z.array(z.looseObject({})),
      rows: z.array(z.looseObject({})),
    })
    .describe(
      'Per surface: answers shown and citing the site (k, n, rate, 95% Wilson interval), domains cited, gaps; every answer.',
    ),
})
export const overviewsRuns = z.object({
  runs: z.array(z.looseObject({ id: z.uuid(), status: z.string(), ...runLinks })),
})

const change = z.looseObject({
  kind: z.enum(['lost', 'gained']),
  keyword: z.string(),
  surface: z.string(),
  text: z.string().describe('The change in the reader’s words.'),
})

const tracking = z.object({
  competitors: z.array(z.string()),
  locations: z.array(location),
  devices: z.array(z.string()),
  surfaces: z.array(z.string()),
  maxCost: z.number().describe('The cost of one check the workspace confirmed, in USD.'),
  since: z.string(),
})

export const overviewsTrackingInput = z.object({
  competitors: z.array(z.string()).optional(),
  locations: z.array(location).optional(),
  devices: z.array(z.enum(['desktop', 'mobile'])).optional(),
  surfaces: z.array(z.enum(['ai_overview', 'ai_mode'])).optional(),
})

export const overviewsTrackingConfirmedInput = overviewsTrackingInput.extend({
  confirm: z.literal(true),
  expectedCost: z
    .number()
    .describe('The cost of one check the caller accepted, in USD; a higher one is refused (409).'),
})

export const overviewsTrackingList = z.object({
  configured: z.boolean(),
  sites: z.array(
    z.object({
      siteId: z.uuid(),
      url: z.string(),
      frequency: z.string(),
      keywords: z.number().int(),
      tracking: tracking.nullable().describe('null: the site’s keywords are not checked.'),
      checks: z
        .array(
          z.object({
            runId: z.uuid(),
            runUrl: z.string().describe('The check’s run under /api/v1.'),
            status: z.string(),
            errorCode: z.string().nullable(),
            day: z.string(),
            spent: z.number(),
            createdAt: z.string(),
            baseline: z.boolean().nullable().describe('true: the first check, nothing to compare with.'),
            changes: z.array(change),
          }),
        )
        .describe('The latest checks, newest first, with the citations lost and gained.'),
    }),
  ),
})

export const overviewsTrackingEstimate = z.object({
  configured: z.boolean(),
  request: z.looseObject({ keywords: z.array(z.string()) }),
  estimate,
})

export const overviewsTrackingSaved = z.object({
  siteId: z.uuid(),
  request: z.looseObject({}),
  estimate,
  maxCost: z.number(),
})

export const overviewsKeywordSources = z.object({
  sites: z.array(
    z.object({
      siteId: z.uuid(),
      url: z.string(),
      keywords: z.number().int(),
      keywordsUrl: z.string().describe('Its keywords under /api/v1.'),
      searchConsoleUrl: z.string().describe('Its Search Console queries under /api/v1.'),
    }),
  ),
  research: z.array(
    z.object({
      taskId: z.uuid(),
      seed: z.string(),
      createdAt: z.string(),
      keywordsUrl: z.string().describe('Its ideas under /api/v1.'),
    }),
  ),
  searchConsole: z.boolean().describe('Whether this installation can read Search Console.'),
})

export const overviewsKeywordsQuery = z.object({
  source: z.enum(['site', 'research', 'search-console']),
  siteId: z.uuid().optional().describe('With source site or search-console: the tracked site.'),
  taskId: z.uuid().optional().describe('With source research: the keyword research task.'),
})

export const overviewsKeywords = z.object({
  source: z.string(),
  site: z.string().nullable(),
  keywords: z.array(z.string()),
})

export const overviewsHistoryQuery = z.object({
  site: z.string().describe('The site whose citations are read.'),
  keyword: z.string(),
  competitors: z.string().optional().describe('Competitor domains, comma-separated.'),
})

export const overviewsHistory = z.object({
  keyword: z.string(),
  site: z.string(),
  competitors: z.array(z.string()),
  history: z.array(
    z.object({
      day: z.string(),
      surface: z.enum(['ai_overview', 'ai_mode']),
      locationCode: z.number().int(),
      languageCode: z.string(),
      device: z.enum(['desktop', 'mobile']),
      shown: z.boolean(),
      cited: z.boolean(),
      positions: z.array(z.number().int()),
      citations: z.array(z.object({ position: z.number().int(), url: z.string() })),
      competitors: z.array(z.string()),
      others: z.array(z.string()),
      change: z
        .enum(['gained', 'lost'])
        .nullable()
        .describe("Against the same call's previous answer (surface, place, language, device)."),
    }),
  ),
})

export const overviewsRunPages = z.object({
  crawl: z.object({ id: z.uuid(), finishedAt: z.string().nullable() }).nullable(),
  logs: z.object({ analysedAt: z.string().nullable() }).nullable(),
  pages: z.array(
    z.looseObject({
      url: z.string(),
      cited: z.number().int(),
      expected: z.number().int(),
      crawl: z.looseObject({}).nullable(),
      googlebot: z.looseObject({}).nullable(),
    }),
  ),
})
