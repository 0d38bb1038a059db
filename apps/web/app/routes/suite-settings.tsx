import { getJson } from '~/features/account/account-api.server.ts'
import { type ApiToken, ApiTokens } from '~/features/account/api-tokens.tsx'
import { type Settings, SettingsPage } from '~/features/account/settings-page.tsx'
import { requireUser } from '~/features/auth/guards.server.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import type { Route } from './+types/suite-settings'

export const handle = {
  privatePage: 'suite',
  title: 'settings',
  suiteTitle: 'settings',
} satisfies PageHandle & SuiteHandle

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const settings = (await getJson<Settings>(context, '/api/me/settings')) ?? {
    emailNotifications: true,
    darkMode: false,
    lang: 'pt' as const,
  }
  const tokens = (await getJson<{ tokens: ApiToken[] }>(context, '/api/account/tokens'))?.tokens ?? []
  return { settings, tokens }
}

export default function SuiteSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsPage settings={loaderData.settings} />
      <div className="max-w-2xl">
        <ApiTokens initial={loaderData.tokens} />
      </div>
    </>
  )
}
