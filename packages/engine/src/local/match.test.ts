import { describe, expect, it } from 'vitest'
import { bestListing, compareNap, fieldSimilarity, isSameBusiness } from './match.ts'
import { directoryScore } from './score.ts'
import type { Nap } from './types.ts'

const lisbon: Nap = {
  name: 'Pastelaria Alfama, Lda.',
  address: 'R. Augusta, 24',
  postalCode: '1100-053',
  city: 'Lisboa',
  phone: '213 421 000',
}

const saoPaulo: Nap = {
  name: 'Padaria São Jorge LTDA',
  address: 'Av. Paulista, 1578',
  postalCode: '01310-200',
  city: 'São Paulo',
  phone: '(11) 3071-4000',
}

describe('fieldSimilarity', () => {
  it('compares phones as E.164 and postal codes in their official form', () => {
    expect(fieldSimilarity('phone', '213 421 000', '+351 21 342 1000', 'PT')).toBe(1)
    expect(fieldSimilarity('phone', '213 421 000', '+351 21 342 1001', 'PT')).toBe(0)
    expect(fieldSimilarity('postalCode', '1100053', '1100-053', 'PT')).toBe(1)
    expect(fieldSimilarity('postalCode', '01310-200', '01311-000', 'BR')).toBe(0)
  })

  it('compares the house number apart from the street', () => {
    expect(fieldSimilarity('address', 'R. Augusta, 24', 'Rua Augusta 24', 'PT')).toBe(1)
    expect(fieldSimilarity('address', 'R. Augusta, 24', 'Rua Augusta 26', 'PT')).toBe(0.5)
    // A missing number on one side is not a contradiction.
    expect(fieldSimilarity('address', 'R. Augusta, 24', 'Rua Augusta', 'PT')).toBe(1)
  })

  it('does not compare a field one side lacks', () => {
    expect(fieldSimilarity('phone', '213 421 000', '', 'PT')).toBeNull()
    expect(fieldSimilarity('name', 'Lda.', 'Alfama', 'PT')).not.toBeNull()
  })
})

describe('compareNap', () => {
  it('finds the same Lisbon business written the way Google writes it consistent', () => {
    const c = compareNap(
      lisbon,
      {
        name: 'Pastelaria Alfama',
        address: 'R. Augusta 24',
        postalCode: '1100-053',
        city: 'Lisboa',
        phone: '+351 21 342 1000',
      },
      'PT',
    )
    expect(c.differences).toEqual([])
    expect(c.similarity).toBe(1)
  })

  it('names each differing field with both values (São Paulo listing with an old phone and CEP)', () => {
    const c = compareNap(
      saoPaulo,
      {
        name: 'Padaria São Jorge',
        address: 'Avenida Paulista, 1578 - Bela Vista',
        postalCode: '01311-000',
        city: 'São Paulo',
        phone: '+55 11 3071-9999',
      },
      'BR',
    )
    expect(c.differences).toEqual([
      { field: 'phone', expected: '(11) 3071-4000', found: '+55 11 3071-9999' },
      { field: 'postalCode', expected: '01310-200', found: '01311-000' },
    ])
    // Weighted: name .55 + address .7 + city .1 match; phone 1.0 and postcode .55 do not.
    expect(c.similarity).toBeCloseTo((0.55 + 0.7 + 0.1) / (1 + 0.7 + 0.55 + 0.55 + 0.1), 5)
    expect(isSameBusiness(c)).toBe(true)
  })

  it('does not take another business on the same street for this one', () => {
    const other = {
      name: 'Farmácia Estácio',
      address: 'Rua Augusta, 30',
      postalCode: '1100-053',
      city: 'Lisboa',
      phone: '',
    }
    expect(bestListing(lisbon, [{ nap: other }], 'PT')).toBeNull()
  })

  it('picks the listing that is this business among several results', () => {
    const right = { ...lisbon, name: 'Pastelaria Alfama', phone: '+351213421000' }
    const wrong = { ...lisbon, name: 'Alfama Hostel', phone: '+351218000000' }
    expect(bestListing(lisbon, [{ nap: wrong }, { nap: right, url: 'x' }], 'PT')?.listing.url).toBe('x')
  })
})

describe('directoryScore', () => {
  it('averages the checked directories and ignores unchecked ones', () => {
    expect(
      directoryScore([
        { directory: 'google', status: 'good' },
        { directory: 'osm', status: 'inconsistent', similarity: 0.5 },
        { directory: 'foursquare', status: 'missing' },
        { directory: 'facebook', status: 'unchecked', reason: 'manual' },
      ]),
    ).toBe(50)
  })

  it('is null when nothing could be checked', () => {
    expect(
      directoryScore([{ directory: 'google', status: 'unchecked', reason: 'not_configured' }]),
    ).toBeNull()
  })

  it('is null when only the site was read: no directory answered (no "0/100" from unconfigured providers)', () => {
    expect(
      directoryScore([
        { directory: 'website', status: 'missing', url: 'https://a.pt/' },
        { directory: 'google', status: 'unchecked', reason: 'not_configured' },
        { directory: 'osm', status: 'unchecked', reason: 'provider_error', message: 'fetch failed' },
      ]),
    ).toBeNull()
  })
})
