// What other features may read of the knowledge hub: a site's verified facts (to ground an answer or a text)
// and the claim extractor the journey shares.
export { factVersions, groundingFacts, siteOf } from './facts.ts'
export { extraction, extractorPrompt } from './hub.ts'
