import { lazy, Suspense } from 'react'
import { ClosingCta } from './closing-cta.tsx'
import { FeatureCards } from './feature-cards.tsx'
import { Hero } from './hero.tsx'
import { Rating } from './rating.tsx'

// Below-the-fold widgets: server-rendered like the rest, hydrated when their code arrives, so the
// hero and its form are interactive first and the first-load JavaScript stays small.
const StepsCarousel = lazy(() => import('./steps-carousel.tsx'))
const FeatureTabs = lazy(() => import('./feature-tabs.tsx'))
const Testimonials = lazy(() => import('./testimonials.tsx'))

export function LandingPage() {
  return (
    <>
      <Hero />
      <FeatureCards />
      <Suspense>
        <StepsCarousel />
      </Suspense>
      <Suspense>
        <FeatureTabs />
      </Suspense>
      <Suspense>
        <Testimonials />
      </Suspense>
      <Rating />
      <ClosingCta />
    </>
  )
}
