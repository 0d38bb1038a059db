import { describe, expect, it } from 'vitest'
import { sampleByTemplate, urlTemplate } from './sample.ts'

describe('urlTemplate', () => {
  it.each([
    ['https://s.pt/', '/'],
    ['https://s.pt/about', '/about'],
    ['https://s.pt/blog/a-post', '/blog/*'],
    ['https://s.pt/blog/2024/a-post/', '/blog/*/*/'],
    ['https://s.pt/p/123?color=red', '/p/*'],
  ])('%s -> %s', (url, template) => {
    expect(urlTemplate(url)).toBe(template)
  })
})

describe('sampleByTemplate', () => {
  const page = (path: string, linkScore: number, over = {}) => ({
    url: `https://s.pt${path}`,
    status: 200,
    indexable: true,
    linkScore,
    ...over,
  })
  it('takes the best-linked indexable page of each template, biggest templates first', () => {
    const samples = sampleByTemplate([
      page('/', 100),
      page('/blog/a', 10),
      page('/blog/b', 30),
      page('/blog/c', 20, { indexable: false }),
      page('/blog/d', 5),
      page('/p/1', 40),
      page('/p/2', 40),
      page('/gone', 50, { status: 404 }),
    ])
    expect(samples).toEqual([
      { template: '/blog/*', url: 'https://s.pt/blog/b', pages: 3 },
      { template: '/p/*', url: 'https://s.pt/p/1', pages: 2 },
      { template: '/', url: 'https://s.pt/', pages: 1 },
    ])
    expect(sampleByTemplate([page('/a', 1), page('/b', 2)], 1)).toEqual([
      { template: '/b', url: 'https://s.pt/b', pages: 1 },
    ])
  })
})
