import { describe, expect, it } from 'vitest'
import { htmlThemeClass } from './theme.ts'

describe('htmlThemeClass', () => {
  it('follows the account setting', () => {
    expect(htmlThemeClass(true, [undefined, { page: 'home' }])).toBe('dark')
    expect(htmlThemeClass(false, [undefined])).toBeUndefined()
    expect(htmlThemeClass(undefined, [])).toBeUndefined()
  })

  it('stays light on a route that must always be light, even with dark mode on', () => {
    expect(htmlThemeClass(true, [undefined, {}, { privatePage: 'suite', alwaysLight: true }])).toBeUndefined()
  })

  it('does not let a falsy or odd handle switch dark mode off', () => {
    expect(htmlThemeClass(true, [null, { alwaysLight: false }, { alwaysLight: 'yes' }])).toBe('dark')
  })
})
