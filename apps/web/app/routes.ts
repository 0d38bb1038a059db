import { layout, type RouteConfig, route } from '@react-router/dev/routes'
import { type PageKey, routeTable } from './lib/route-table.ts'

/** Route module of each public page; pages not listed (blog posts, guides, terms) arrive later. */
const pageModules: Partial<Record<PageKey, string>> = {
  home: 'routes/home.tsx',
  howItWorks: 'routes/how-it-works.tsx',
  faq: 'routes/faq.tsx',
  contact: 'routes/contact.tsx',
  blog: 'routes/blog.tsx',
  blogPost: 'routes/blog-post.tsx',
  guides: 'routes/guides.tsx',
  checklist: 'routes/checklist.tsx',
  guide: 'routes/guide.tsx',
  glossary: 'routes/glossary.tsx',
  glossaryTerm: 'routes/glossary-term.tsx',
  terms: 'routes/terms.tsx',
  privacy: 'routes/privacy.tsx',
  apiDocs: 'routes/api-docs.tsx',
}

const publicPages = routeTable.flatMap((page) => {
  const file = pageModules[page.key]
  if (!file) return []
  return [route(page.pt, file, { id: `${page.key}.pt` }), route(page.en, file, { id: `${page.key}.en` })]
})

export default [
  ...publicPages,
  layout('routes/suite-layout.tsx', [
    route('suite', 'routes/suite.tsx'),
    route('suite/seo', 'routes/suite-seo.tsx'),
    route('suite/aio', 'routes/suite-aio.tsx'),
    route('suite/llm', 'routes/suite-llm.tsx'),
    route('suite/google-ai', 'routes/suite-google-ai.tsx'),
    route('suite/recommendations', 'routes/suite-recommendations.tsx'),
    route('suite/recommender', 'routes/suite-recommender.tsx', { id: 'recommender' }),
    route('suite/content-recommender', 'routes/suite-recommender.tsx', { id: 'content-recommender' }),
    route('suite/writer', 'routes/suite-writer.tsx', { id: 'writer' }),
    route('suite/sites', 'routes/suite-sites.tsx'),
    route('suite/content-writer', 'routes/suite-writer.tsx', { id: 'content-writer' }),
    route('suite/directories', 'routes/suite-directories.tsx'),
    route('suite/keywords', 'routes/suite-keywords.tsx'),
    route('suite/site', 'routes/suite-site.tsx'),
    route('suite/bots', 'routes/suite-bots.tsx'),
    route('suite/reports', 'routes/suite-reports.tsx'),
    route('suite/pdf-report', 'routes/suite-pdf-report.tsx'),
    route('suite/profile', 'routes/suite-profile.tsx'),
    route('suite/settings', 'routes/suite-settings.tsx'),
    route('suite/change-password', 'routes/suite-change-password.tsx'),
    route('suite/workspace', 'routes/suite-workspace.tsx'),
  ]),
  route('signin', 'routes/signin.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('recuperar-password', 'routes/recover-password.tsx'),
  route('verification', 'routes/verification.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('dashboard/client', 'routes/dashboard-client.tsx'),
  route('invitation/:id', 'routes/invitation.tsx'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
