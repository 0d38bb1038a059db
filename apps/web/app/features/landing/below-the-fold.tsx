import { ClosingCta } from './closing-cta.tsx'
import { FeatureCards } from './feature-cards.tsx'
import { FeatureTabs } from './feature-tabs.tsx'
import { Rating } from './rating.tsx'
import { StepsCarousel } from './steps-carousel.tsx'
import { Testimonials } from './testimonials.tsx'

/** Everything after the hero, in one chunk of its own. */
export default function BelowTheFold() {
  return (
    <>
      <FeatureCards />
      <StepsCarousel />
      <FeatureTabs />
      <Testimonials />
      <Rating />
      <ClosingCta />
    </>
  )
}
