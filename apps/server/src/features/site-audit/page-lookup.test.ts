import { describe, expect, it } from 'vitest'
import { addressForms } from './page-lookup.ts'

describe('addressForms', () => {
  it('tries https and http, www. and bare (mobile and AMP hosts too), with and without the trailing slash', () => {
    const forms = addressForms('https://m.exemplo.pt/seguros')
    expect(forms).toContain('https://www.exemplo.pt/seguros/')
    expect(forms).toContain('http://exemplo.pt/seguros')
    expect(forms).toHaveLength(8)
    expect(addressForms('https://exemplo.pt/')).toEqual([
      'https://exemplo.pt/',
      'https://www.exemplo.pt/',
      'http://exemplo.pt/',
      'http://www.exemplo.pt/',
    ])
  })
})
