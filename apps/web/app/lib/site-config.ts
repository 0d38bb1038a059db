interface SocialProfile {
  name: string
  href: string
}

/**
 * Farol's official social profiles, shown in the footer and as sameAs in the JSON-LD. Only real accounts
 * belong here: with none, the site links to none.
 */
const social: readonly SocialProfile[] = []

/** Fixed facts about Farol shown on the site (contact addresses, social profiles). */
export const siteConfig = {
  name: 'Farol',
  contactEmail: 'contacto@farol.app',
  supportEmail: 'suporte@farol.app',
  social,
  themeColor: '#0b2545',
} as const
