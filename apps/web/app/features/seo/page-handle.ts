import type { PageKey } from '~/lib/route-table.ts'

/** `handle` of a route module: which public page it is, or a private page that must not be indexed. */
export type PageHandle = { page: PageKey } | { privatePage: 'suite' | 'signin' | 'notFound' }
