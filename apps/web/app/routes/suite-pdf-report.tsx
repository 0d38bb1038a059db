import { hostOf } from '~/features/reports/format.ts'
import { loadPdfReport } from '~/features/reports/pdf/load-pdf-report.server.ts'
import { type PdfReportLoad, PdfReportPage } from '~/features/reports/pdf/pdf-report-page.tsx'
import printStyles from '~/features/reports/pdf/print.css?url'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import type { ThemeHandle } from '~/lib/theme.ts'
import type { Route } from './+types/suite-pdf-report'

export const handle = {
  privatePage: 'suite',
  // Chromium prints the document title as the PDF's title: it names the site.
  title: 'pdfReport',
  titleValues: (data) => {
    const load = data as PdfReportLoad | undefined
    return load?.state === 'loaded' ? { host: hostOf(load.data.siteUrl) } : null
  },
  suiteTitle: 'reports',
  hideSidebar: true,
  // Printed to PDF, also for people who read the app in dark mode.
  alwaysLight: true,
} satisfies PageHandle & SuiteHandle & ThemeHandle

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: printStyles }]

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPdfReport(request, context)
}

export default function SuitePdfReport({ loaderData }: Route.ComponentProps) {
  return <PdfReportPage load={loaderData} />
}
