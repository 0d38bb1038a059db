import { lazy, Suspense } from 'react'
import { Hero } from './hero.tsx'
import type { LandingProof } from './proof.ts'

// Everything after the hero is server-rendered like the rest but hydrated when its own chunk
// arrives: the hero and its form become interactive first and the first-load JavaScript stays small.
// (Before hydration the sections are readable and the closing form submits as a plain GET form.)
const BelowTheFold = lazy(() => import('./below-the-fold.tsx'))

export function LandingPage({ proof }: { proof: LandingProof }) {
  return (
    <>
      <Hero />
      <Suspense>
        <BelowTheFold proof={proof} />
      </Suspense>
    </>
  )
}
