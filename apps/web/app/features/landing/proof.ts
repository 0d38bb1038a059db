// What the landing page may claim. Testimonials and a rating come only from the operator's own file
// (content/testimonials.json, documented in the README); without it the page shows facts Farol can
// stand behind: how many checks the engine really runs (criteria.ts mirrors the engine's lists).
import { z } from 'zod'
import type { Lang } from '~/lib/route-table.ts'
import { aioCriteria, seoCriteria } from '../how-it-works/criteria.ts'

const bilingual = z.object({ pt: z.string().trim().min(1), en: z.string().trim().min(1) }).strict()

export const testimonialsFileSchema = z
  .object({
    testimonials: z
      .array(
        z
          .object({
            name: z.string().trim().min(1),
            role: bilingual,
            quote: bilingual,
            rating: z.number().min(1).max(5).optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()

export type TestimonialsFile = z.infer<typeof testimonialsFileSchema>

export interface LandingTestimonial {
  name: string
  role: string
  quote: string
}

export interface LandingRating {
  /** The average of the operator's given ratings, one decimal. */
  value: number
  best: 5
  count: number
}

export interface LandingProof {
  testimonials: LandingTestimonial[]
  rating: LandingRating | null
  facts: { seoChecks: number; aioCriteria: number }
}

/** The page's social proof in one language, from the operator's file or, without one, facts only. */
export function landingProof(file: TestimonialsFile | null, lang: Lang): LandingProof {
  const facts = { seoChecks: seoCriteria.length, aioCriteria: aioCriteria.length }
  if (!file) return { testimonials: [], rating: null, facts }
  const ratings = file.testimonials.flatMap((t) => (t.rating === undefined ? [] : [t.rating]))
  const rating =
    ratings.length > 0
      ? {
          value: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10,
          best: 5 as const,
          count: ratings.length,
        }
      : null
  return {
    testimonials: file.testimonials.map((t) => ({ name: t.name, role: t.role[lang], quote: t.quote[lang] })),
    rating,
    facts,
  }
}
