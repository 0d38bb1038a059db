import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { fetchReportData, type ReportLoad } from '../report-data.ts'
import { ReportErrorScreen, ReportLoading } from './error-screen.tsx'
import { ReportDocument } from './report-document.tsx'

/** What the route loader hands over: the loaded report, its error, or nothing (no in-process API). */
export type PdfReportLoad = (ReportLoad & { generatedAt: string }) | { state: 'client'; generatedAt: string }

function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Loading (spec §4) happens only when the server could not load the data itself: the browser does. */
function ClientLoad({ generatedAt }: { generatedAt: string }) {
  const { search } = useLocation()
  const [load, setLoad] = useState<ReportLoad | null>(null)
  useEffect(() => {
    let live = true
    setLoad(null)
    void fetchReportData(postJson, new URLSearchParams(search)).then((result) => {
      if (live) setLoad(result)
    })
    return () => {
      live = false
    }
  }, [search])
  if (!load) return <ReportLoading />
  return <Loaded load={load} generatedAt={generatedAt} />
}

function Loaded({ load, generatedAt }: { load: ReportLoad; generatedAt: string }) {
  if (load.state === 'error')
    return <ReportErrorScreen ids={load.ids} error={load.error} latest={load.latest ?? null} />
  return <ReportDocument data={load.data} generatedAt={generatedAt} />
}

/** /suite/pdf-report (spec §2, §4, §8): the printable report, rendered to PDF by the server. */
export function PdfReportPage({ load }: { load: PdfReportLoad }) {
  if (load.state === 'client') return <ClientLoad generatedAt={load.generatedAt} />
  return <Loaded load={load} generatedAt={load.generatedAt} />
}
