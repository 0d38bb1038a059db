import { describe, expect, it } from 'vitest'
import { EXAMPLE_HOST, placeholderHost } from './placeholder.ts'

describe('the hero form placeholder', () => {
  it("is the install's public host when it is a real domain", () => {
    expect(placeholderHost('https://farol.pt')).toBe('farol.pt')
    expect(placeholderHost('https://www.auditoria.example.org/')).toBe('auditoria.example.org')
  })

  it('is a real example domain for a development or private address', () => {
    for (const url of [
      'http://localhost:4810',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://farol.local',
      'http://intranet',
      'https://farol.pt:8443',
      'not a url',
      '',
    ])
      expect(placeholderHost(url), url).toBe(EXAMPLE_HOST)
  })
})
