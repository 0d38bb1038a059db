import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

// Let the browser paint the server-rendered page first (it is complete and usable without
// JavaScript), then hydrate.
requestAnimationFrame(() => setTimeout(hydrate, 0))
