import { describe, expect, it } from 'vitest'
import { emptyForm } from './directories-client.ts'
import { formFromInput, missingRequired, prefillForm, unconfiguredProviders } from './view.ts'

describe('directories page helpers', () => {
  it('requires name, address and city (spec §5), not postal code or phone', () => {
    expect(missingRequired(emptyForm)).toEqual(['businessName', 'address', 'city'])
    expect(
      missingRequired({ ...emptyForm, businessName: 'Pastelaria Alfama', address: '  ', city: 'Lisboa' }),
    ).toEqual(['address'])
    expect(
      missingRequired({
        ...emptyForm,
        businessName: 'Padaria',
        address: 'Av. Paulista, 1578',
        city: 'São Paulo',
      }),
    ).toEqual([])
  })

  it('prefills only the empty fields from the site', () => {
    const nap = {
      name: 'Pastelaria Alfama, Lda.',
      address: 'Rua Augusta, 24',
      postalCode: '1100-053',
      city: 'Lisboa',
      phone: '+351 213 421 000',
    }
    expect(prefillForm({ ...emptyForm, businessName: 'Alfama' }, nap)).toEqual({
      businessName: 'Alfama',
      address: 'Rua Augusta, 24',
      postalCode: '1100-053',
      city: 'Lisboa',
      phoneNumber: '+351 213 421 000',
    })
    expect(prefillForm(emptyForm, null)).toBe(emptyForm)
  })

  it('names the providers not configured with the variable that enables each', () => {
    expect(unconfiguredProviders({ google: false, osm: true, foursquare: false })).toEqual([
      { id: 'google', variable: 'GOOGLE_PLACES_API_KEY' },
      { id: 'foursquare', variable: 'FOURSQUARE_API_KEY' },
    ])
  })

  it('reads a stored task input back into the form', () => {
    expect(
      formFromInput({
        form: { name: 'A', address: 'B', postalCode: '', city: 'C', phone: '' },
        siteUrl: null,
      }),
    ).toEqual({
      businessName: 'A',
      address: 'B',
      postalCode: '',
      city: 'C',
      phoneNumber: '',
    })
    expect(formFromInput(null)).toBeNull()
  })
})
