/**
 * Toasts without sonner on the first load: the library is fetched when the browser is idle or when
 * the first toast is shown (sonner replays toasts created before its Toaster subscribed).
 */
export type ToastKind = 'info' | 'success' | 'error'

let sonner: Promise<typeof import('sonner')> | null = null
const listeners = new Set<() => void>()

export function loadSonner(): Promise<typeof import('sonner')> {
  if (!sonner) {
    sonner = import('sonner')
    for (const listener of listeners) listener()
  }
  return sonner
}

export function isSonnerRequested(): boolean {
  return sonner !== null
}

export function onSonnerRequested(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function notify(kind: ToastKind, title: string, description?: string): void {
  void loadSonner().then(({ toast }) => {
    toast[kind](title, { description })
  })
}
