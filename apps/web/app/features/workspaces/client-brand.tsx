// The white label a client sees: in a workspace with a brand, the client's header and footer carry the
// agency's name and logo instead of Farol's (the brand settings promise it). Owners, admins and members
// work in Farol and keep its name.
import { useRootData } from '~/lib/root-data.ts'
import type { ActiveWorkspace } from '~/lib/session.ts'

export type ClientBrand = NonNullable<ActiveWorkspace['brand']>

export function useClientBrand(): ClientBrand | null {
  const workspace = useRootData()?.workspace
  return workspace?.role === 'client' && workspace.brand ? workspace.brand : null
}

/** The brand's logo (when it has one) and name, in place of Farol's mark. */
export function BrandMark({ brand, className }: { brand: ClientBrand; className?: string }) {
  return (
    <span className={`inline-flex min-w-0 items-center gap-2 ${className ?? ''}`} data-testid="client-brand">
      {brand.logo ? (
        <img src="/api/workspaces/current/brand/logo" alt="" className="h-8 w-auto max-w-24 object-contain" />
      ) : (
        <span
          aria-hidden="true"
          className="inline-block size-8 rounded-lg"
          style={{ background: brand.color }}
        />
      )}
      <span className="truncate">{brand.name}</span>
    </span>
  )
}
