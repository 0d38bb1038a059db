// Response shapes of /api/v1, as zod schemas: the OpenAPI document is generated from them and the
// contract test checks real answers against that document. Request shapes are the routes' own schemas
// (tasks/contract.ts, sites/routes.ts, api/tokens.ts), imported where the operations are declared.
import { z } from 'zod'

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})

export const taskCreated = z.object({ taskId: z.uuid(), reused: z.boolean() })

export const taskStatus = z.object({
  taskId: z.uuid(),
  status: z.enum(['pending', 'running', 'success', 'failed']),
  results: z.unknown().describe("The task's result (its kind's shape); partial while it runs, null before."),
  message: z.string().nullable(),
  errorCode: z.string().nullable(),
  progress: z.object({ stage: z.string(), percent: z.number() }),
  task: z.object({
    kind: z.string(),
    url: z.string(),
    platform: z.enum(['desktop', 'mobile']).nullable(),
    input: z.unknown(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
})

export const site = z.object({
  id: z.uuid(),
  url: z.string(),
  frequency: z.enum(['daily', 'weekly', 'monthly']),
  createdAt: z.string(),
})

export const siteList = z.object({ sites: z.array(site), limit: z.number().int() })

const score = z.number().nullable()
export const siteHistory = z.object({
  site,
  runs: z.array(
    z.looseObject({
      id: z.uuid(),
      at: z.string(),
      status: z.string(),
      errorCode: z.string().nullable(),
      seoScore: score.optional(),
      seoMobileScore: score.optional(),
      aioScore: score.optional(),
      llmScore: score.optional(),
      directoryScore: score.optional(),
      totalScore: score.optional(),
      alerts: z.array(z.looseObject({ kind: z.string(), text: z.string() })),
    }),
  ),
})

export const report = z.object({
  id: z.uuid(),
  url: z.string(),
  status: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  fileUrl: z.string().nullable().describe("The PDF's address under /api/v1, once the report is ready."),
  language: z.string(),
  desktopTaskId: z.string().nullable(),
  mobileTaskId: z.string().nullable(),
  aiOptimizationTaskId: z.string().nullable(),
  message: z.string().nullable(),
})

export const reportList = z.object({ reports: z.array(report) })

export const reportCreateInput = z.object({
  url: z.string().max(2048),
  lang: z.enum(['pt', 'en']).optional(),
})

const crawlHeader = z.object({
  id: z.uuid(),
  url: z.string(),
  status: z.enum(['pending', 'running', 'success', 'failed']),
  finishedAt: z.string().nullable(),
})

const paging = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('Items matching the filters, over all pages.'),
}

export const crawlIssues = z.object({
  crawl: crawlHeader,
  ...paging,
  issues: z.array(
    z.object({
      type: z.string(),
      severity: z.enum(['error', 'warning', 'notice']),
      title: z.string(),
      description: z.string(),
      count: z.number().int().describe('URLs with this issue.'),
      urls: z.array(z.string()).describe('The first `urlsPerIssue` of them.'),
    }),
  ),
})

export const crawlPages = z.object({
  crawl: crawlHeader,
  ...paging,
  pages: z.array(
    z.looseObject({
      url: z.string(),
      status: z.number().int().nullable(),
      depth: z.number().int().nullable(),
      title: z.string().nullable(),
      indexable: z.boolean(),
      inlinks: z.number().int(),
      outlinks: z.number().int(),
      linkScore: z.number().nullable(),
    }),
  ),
})

export const issuesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  type: z.string().max(64).optional().describe('Only issues of this type, e.g. broken-link.'),
  severity: z.enum(['error', 'warning', 'notice']).optional(),
  urlsPerIssue: z.coerce.number().int().min(0).max(1000).default(20),
})

export const pagesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
})

export const comparisonQuery = z.object({
  previous: z
    .uuid()
    .optional()
    .describe('The earlier crawl (a site_crawl task id); by default the previous crawl of the same address.'),
})

export const crawlComparison = z.object({
  crawl: crawlHeader,
  previous: crawlHeader.nullable().describe('null: no earlier finished crawl of this address.'),
  comparison: z
    .object({
      issues: z
        .array(
          z.object({
            type: z.string(),
            severity: z.enum(['error', 'warning', 'notice']),
            new: z.number().int().describe('URLs with this issue now that did not have it before.'),
            fixed: z.number().int().describe('URLs that had this issue before and no longer do.'),
            still: z.number().int(),
          }),
        )
        .describe('Per issue type.'),
      newIssues: z.number().int(),
      fixedIssues: z.number().int(),
      pagesAdded: z.number().int(),
      pagesGone: z.number().int(),
      statusChanges: z
        .array(
          z.object({
            url: z.string(),
            before: z.number().int().nullable(),
            after: z.number().int().nullable(),
          }),
        )
        .describe('The first URLs whose HTTP status changed.'),
      statusChangeCount: z.number().int(),
    })
    .nullable(),
})
