// What a run asks, validated at the boundary: the site, its keywords (typed or picked), the competitors to
// count, the places and languages (Portugal and Brazil in Portuguese unless others are chosen), the devices
// and the surfaces. Pure.
import {
  type Device,
  defaultTargets,
  type Surface,
  siteHostOf,
  surfaces,
} from '@farol/engine/overviews/index.ts'
import { z } from 'zod'
import { AppError } from '../../platform/errors.ts'

export const maxKeywords = 500

const schema = z.object({
  site: z.string().max(2048),
  keywords: z.array(z.string().max(400)).max(5000),
  competitors: z.array(z.string().max(253)).max(10).default([]),
  locations: z
    .array(
      z.object({
        locationCode: z.number().int().positive().max(99_999_999),
        languageCode: z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/i),
      }),
    )
    .min(1)
    .max(5)
    .default(defaultTargets.map(({ locationCode, languageCode }) => ({ locationCode, languageCode }))),
  devices: z
    .array(z.enum(['desktop', 'mobile']))
    .min(1)
    .max(2)
    .default(['desktop']),
  surfaces: z
    .array(z.enum(['ai_overview', 'ai_mode']))
    .min(1)
    .max(2)
    .default([...surfaces]),
})

export interface RunRequest {
  /** The site's host as the citations are matched against (www. and m. set aside). */
  site: string
  keywords: string[]
  competitors: string[]
  locations: { locationCode: number; languageCode: string }[]
  devices: Device[]
  surfaces: Surface[]
}

export interface Call {
  surface: Surface
  keyword: string
  locationCode: number
  languageCode: string
  device: Device
}

/** Pure: a keyword as it is asked and cached (spaces tidied, lower case: Google ignores case). */
export const tidyKeyword = (k: string) => k.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()

const unique = <T>(list: T[], key: (x: T) => string) =>
  list.filter((x, i) => list.findIndex((y) => key(y) === key(x)) === i)

/** Pure: the request read, or OVERVIEWS_INPUT / VALIDATION for what cannot be asked. */
export function parseRunRequest(data: unknown): RunRequest {
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
  const site = siteHostOf(parsed.data.site)
  const keywords = unique(parsed.data.keywords.map(tidyKeyword).filter(Boolean), (k) => k)
  if (!site || keywords.length === 0 || keywords.length > maxKeywords || keywords.some((k) => k.length > 80))
    throw new AppError('OVERVIEWS_INPUT')
  const competitors = unique(
    parsed.data.competitors.map((c) => siteHostOf(c)).filter((c): c is string => c !== null && c !== site),
    (c) => c,
  )
  return {
    site,
    keywords,
    competitors,
    locations: unique(parsed.data.locations, (l) => `${l.locationCode}:${l.languageCode.toLowerCase()}`).map(
      (l) => ({ ...l, languageCode: l.languageCode.toLowerCase() }),
    ),
    devices: unique(parsed.data.devices, (d) => d),
    surfaces: unique(parsed.data.surfaces, (s) => s),
  }
}

/** Pure: every call a run makes, keyword by keyword (so partial results fill in whole keywords). */
export function callsOf(request: RunRequest): Call[] {
  const calls: Call[] = []
  for (const keyword of request.keywords)
    for (const { locationCode, languageCode } of request.locations)
      for (const device of request.devices)
        for (const surface of request.surfaces)
          calls.push({ surface, keyword, locationCode, languageCode, device })
  return calls
}

export const callKey = (c: Call) =>
  `${c.surface}|${c.keyword}|${c.locationCode}|${c.languageCode}|${c.device}`

/** Pure: the UTC day a call is cached under. */
export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10)
