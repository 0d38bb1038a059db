import { describe, expect, it } from 'vitest'
import { renderedFactsFromArtifacts } from './rendered.ts'

describe('renderedFactsFromArtifacts (what the Lighthouse child hands back)', () => {
  it("keeps the anchors' fields the checks read and drops Lighthouse's node details", () => {
    const facts = renderedFactsFromArtifacts({
      AnchorElements: [
        {
          rel: 'nofollow',
          href: 'https://farol.example/x',
          rawHref: '/x',
          text: 'Start',
          textLang: 'de',
          role: '',
          id: '',
          attributeNames: ['href'],
          listeners: [{ type: 'click' }],
          // Lighthouse's node details: paths, selectors, snippets, bounding boxes.
          node: { devtoolsNodePath: '1,HTML,1,BODY', snippet: '<a href="/x">' },
        } as never,
      ],
    })
    expect(facts?.anchors).toEqual([
      {
        rel: 'nofollow',
        href: 'https://farol.example/x',
        rawHref: '/x',
        text: 'Start',
        textLang: 'de',
        role: '',
        id: '',
        attributeNames: ['href'],
        listeners: [{ type: 'click' }],
      },
    ])
  })
  it('is undefined when the run gathered no anchors (a failed gatherer is an error object)', () => {
    expect(renderedFactsFromArtifacts({})).toBeUndefined()
    expect(renderedFactsFromArtifacts({ AnchorElements: new Error('x') as never })).toBeUndefined()
  })
})
