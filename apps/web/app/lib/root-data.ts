import { useRouteLoaderData } from 'react-router'
import type { LangResources } from './i18n.tsx'
import { defaultLang, type Lang, localizedPath, type PageKey, type Params } from './route-table.ts'
import type { ActiveWorkspace, SessionUser } from './session.ts'

/** What the root loader returns (see root.tsx). */
export interface RootData {
  lang: Lang
  user: SessionUser | null
  /** The signed-in user's active workspace and what they may do there (null when signed out). */
  workspace: ActiveWorkspace | null
  publicUrl: string
  resources: LangResources
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}

export function useLang(): Lang {
  return useRootData()?.lang ?? defaultLang
}

/** Builds paths of public pages in the current language. */
export function useLocalizedPath(): (key: PageKey, params?: Params) => string {
  const lang = useLang()
  return (key, params) => localizedPath(key, lang, params)
}
