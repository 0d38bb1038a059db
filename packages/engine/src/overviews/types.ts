// The shapes of Google's AI answers as Farol keeps them: one answer per keyword, surface, place and device,
// reduced from DataForSEO's `ai_overview` item to what the checks read (sections, references, text).

/** Google's two AI surfaces: the overview above the results, and the AI Mode conversation. */
export type Surface = 'ai_overview' | 'ai_mode'
export const surfaces: readonly Surface[] = ['ai_overview', 'ai_mode']

export type Device = 'desktop' | 'mobile'

/** Where and in which language Google is asked (DataForSEO location codes are Google Ads geotargets). */
export interface SerpTarget {
  locationCode: number
  languageCode: string
  device: Device
}

/** A source the answer cites, in the order Google lists them (position 1 = first). */
export interface Reference {
  position: number
  domain: string | null
  url: string
  title: string | null
  text: string | null
  source: string | null
}

/** One chunk of the answer (a paragraph, a list…), with the positions of the references it cites. */
export interface Section {
  position: number
  title: string | null
  text: string
  references: number[]
}

export interface Answer {
  surface: Surface
  keyword: string
  /** Whether Google showed an answer at all (an overview does not appear for every query). */
  shown: boolean
  /** The overview was loaded after the page (DataForSEO's `asynchronous_ai_overview`). */
  asynchronous: boolean
  text: string
  sections: Section[]
  references: Reference[]
  /** What DataForSEO charged for this call, in USD (its `cost` field). */
  cost: number
  /** When DataForSEO read the page (its `datetime`), ISO 8601, or null. */
  checkedAt: string | null
}
