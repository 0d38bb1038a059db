/** Fixed facts about Farol shown on the site (contact addresses, social profiles). */
export const siteConfig = {
  name: 'Farol',
  contactEmail: 'contacto@farol.app',
  supportEmail: 'suporte@farol.app',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/farol-app' },
    { name: 'GitHub', href: 'https://github.com/farol-app' },
    { name: 'X', href: 'https://x.com/farol_app' },
  ],
  rating: { value: 4.8, best: 5, count: 344 },
  themeColor: '#0b2545',
} as const
