import type { PageKey } from '~/lib/route-table.ts'

/** `handle` of a route module: which public page it is, or a private page that must not be indexed. */
export type PageHandle =
  | { page: PageKey }
  | {
      privatePage: 'suite' | 'signin' | 'notFound'
      /** Its own `<title>`: a key of the `titles` namespace (every private page names itself, issue 12). */
      title?: string
      /** Values for the title's placeholders, read from the route's loader data (the PDF's host). */
      titleValues?: (loaderData: unknown) => Record<string, string> | null
    }
