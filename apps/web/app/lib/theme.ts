/** `handle` field of a route that must render light whatever the account says (the printable PDF report). */
export interface ThemeHandle {
  alwaysLight?: boolean
}

/** The class of <html>: `dark` when the account asks for it, unless a route on screen must stay light. */
export function htmlThemeClass(
  darkMode: boolean | undefined,
  handles: readonly unknown[],
): 'dark' | undefined {
  if (!darkMode) return undefined
  const light = handles.some((handle) => (handle as ThemeHandle | null | undefined)?.alwaysLight === true)
  return light ? undefined : 'dark'
}
