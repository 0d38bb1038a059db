import { ClosingCta } from './closing-cta.tsx'
import { FeatureCards } from './feature-cards.tsx'
import { FeatureTabs } from './feature-tabs.tsx'
import type { LandingProof } from './proof.ts'
import { ProofFacts } from './proof-facts.tsx'
import { Rating } from './rating.tsx'
import { StepsCarousel } from './steps-carousel.tsx'
import { Testimonials } from './testimonials.tsx'

/** Everything after the hero, in one chunk of its own. */
export default function BelowTheFold({ proof }: { proof: LandingProof }) {
  return (
    <>
      <FeatureCards />
      <StepsCarousel />
      <FeatureTabs />
      {proof.testimonials.length > 0 ? <Testimonials items={proof.testimonials} /> : null}
      {proof.rating ? <Rating rating={proof.rating} /> : null}
      <ProofFacts facts={proof.facts} />
      <ClosingCta />
    </>
  )
}
