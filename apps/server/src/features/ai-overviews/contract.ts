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
export const overviewsRun = z.object({
  run: z.looseObject({ id: z.uuid(), status: z.string(), spent: z.number(), calls: z.number().int() }),
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
export const overviewsRuns = z.object({ runs: z.array(z.looseObject({ id: z.uuid(), status: z.string() })) })
