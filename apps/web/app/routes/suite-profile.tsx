import { getJson } from '~/features/account/account-api.server.ts'
import { type Profile, ProfilePage } from '~/features/account/profile-page.tsx'
import { requireUser } from '~/features/auth/guards.server.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import type { Route } from './+types/suite-profile'

export const handle = { privatePage: 'suite', title: 'profile', suiteTitle: 'profile' } satisfies PageHandle &
  SuiteHandle

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const profile = (await getJson<Profile>(context, '/api/me')) ?? {
    name: user.name,
    email: user.email,
    // Spec §8: a profile that fails to load falls back to the user role.
    role: 'user' as const,
  }
  return { profile }
}

export default function SuiteProfile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage key={loaderData.profile.name} profile={loaderData.profile} />
}
