import { fetchSiteInfo, submitContact } from '~/features/contact/contact.server.ts'
import { ContactPage } from '~/features/contact/contact-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { apiContext } from '~/lib/api-context.ts'
import { defaultLang, resolvePath } from '~/lib/route-table.ts'
import type { Route } from './+types/contact'

export const handle: PageHandle = { page: 'contact' }

export async function loader({ context }: Route.LoaderArgs) {
  return { siteInfo: await fetchSiteInfo(context.get(apiContext)) }
}

/** The form without JavaScript: posted here, forwarded to the API, answered by re-rendering the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = resolvePath(new URL(request.url).pathname)?.lang ?? defaultLang
  return submitContact(context.get(apiContext), await request.formData(), lang)
}

/** The opening hours and addresses do not change after a submission. */
export function shouldRevalidate() {
  return false
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage siteInfo={loaderData.siteInfo} actionData={actionData} />
}
