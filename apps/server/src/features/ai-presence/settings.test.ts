import { describe, expect, it } from 'vitest'
import type { AppError } from '../../platform/errors.ts'
import { bareDomain } from '../../platform/host.ts'
import { parseCompetitors, parseSettings } from './settings.ts'

const codeOf = (fn: () => unknown) => {
  try {
    fn()
    return null
  } catch (error) {
    return (error as AppError).code
  }
}

describe('competitor rules (spec §5)', () => {
  it('ignores empty entries', () => {
    expect(parseCompetitors(['', '  ', { name: '', url: '' }])).toEqual([])
  })
  it('needs a full URL', () => {
    expect(codeOf(() => parseCompetitors(['autosilva.pt']))).toBe('COMPETITOR_INVALID_URL')
    expect(codeOf(() => parseCompetitors(['ftp://autosilva.pt']))).toBe('COMPETITOR_INVALID_URL')
    expect(bareDomain('https://www.AutoSilva.pt/x')).toBe('autosilva.pt')
  })
  it('refuses a domain twice, and the site’s own domain', () => {
    expect(codeOf(() => parseCompetitors(['https://autosilva.pt', 'http://www.autosilva.pt/a']))).toBe(
      'COMPETITOR_DUPLICATE',
    )
    expect(codeOf(() => parseCompetitors(['https://oficinaribeiro.pt/'], 'oficinaribeiro.pt'))).toBe(
      'COMPETITOR_DUPLICATE',
    )
    expect(codeOf(() => parseCompetitors([{ name: 'Auto Silva' }, { name: 'auto silva' }]))).toBe(
      'COMPETITOR_DUPLICATE',
    )
  })
  it('names a competitor by its domain when no name is given', () => {
    expect(parseCompetitors(['https://www.autosilva.pt/'])).toEqual([
      { name: 'autosilva.pt', url: 'https://www.autosilva.pt/' },
    ])
  })
})

describe('settings', () => {
  it('trims, drops empty and duplicate aliases and empty prompts', () => {
    const s = parseSettings(
      {
        brand: ' Oficina Ribeiro ',
        aliases: ['Ribeiro Auto', ' ', 'ribeiro auto'],
        prompts: [{ text: '  ' }],
      },
      'oficinaribeiro.pt',
    )
    expect(s).toEqual({ brand: 'Oficina Ribeiro', aliases: ['Ribeiro Auto'], competitors: [], prompts: null })
  })
  it('refuses malformed input with VALIDATION', () => {
    expect(codeOf(() => parseSettings({ aliases: 'x' }, 'a.pt'))).toBe('VALIDATION')
  })
})
