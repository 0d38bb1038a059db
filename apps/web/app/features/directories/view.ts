/** Pure helpers of the directories page: validation, prefill, the providers to name as missing. */
import type { CheckedDirectoryId, Nap } from '@farol/engine/local/types.ts'
import type { DirectoryForm, DirectorySetup } from './directories-client.ts'

/** Spec §5: name, address and city are required; the missing ones, in the form's order. */
export function missingRequired(form: DirectoryForm): (keyof DirectoryForm)[] {
  return (['businessName', 'address', 'city'] as const).filter((key) => !form[key].trim())
}

/** The form filled from the site's NAP where it is still empty (never overwrites what the user typed). */
export function prefillForm(form: DirectoryForm, nap: Nap | null): DirectoryForm {
  if (!nap) return form
  return {
    businessName: form.businessName || nap.name,
    address: form.address || nap.address,
    postalCode: form.postalCode || nap.postalCode,
    city: form.city || nap.city,
    phoneNumber: form.phoneNumber || nap.phone,
  }
}

const providerVariables: Record<Exclude<CheckedDirectoryId, 'website'>, string> = {
  google: 'GOOGLE_PLACES_API_KEY',
  osm: 'FAROL_NOMINATIM_URL',
  foursquare: 'FOURSQUARE_API_KEY',
}

/** Directories whose provider the operator has not configured, with the variable that would enable each. */
export function unconfiguredProviders(
  providers: DirectorySetup['providers'],
): { id: Exclude<CheckedDirectoryId, 'website'>; variable: string }[] {
  return (['google', 'osm', 'foursquare'] as const)
    .filter((id) => !providers[id])
    .map((id) => ({ id, variable: providerVariables[id] }))
}

/** The form values a task was started with (stored as its input), back in the form's shape. */
export function formFromInput(input: unknown): DirectoryForm | null {
  const form = (input as { form?: Partial<Nap> } | null)?.form
  if (!form) return null
  return {
    businessName: form.name ?? '',
    address: form.address ?? '',
    postalCode: form.postalCode ?? '',
    city: form.city ?? '',
    phoneNumber: form.phone ?? '',
  }
}
