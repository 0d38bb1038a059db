import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import type { LucideIcon } from 'lucide-react'
import {
  BookOpen,
  ChevronDown,
  KeyRound,
  LockKeyhole,
  LogOut,
  Settings,
  UserRound,
  UsersRound,
} from 'lucide-react'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { localizedPath } from '~/lib/route-table.ts'
import type { SessionUser } from '~/lib/session.ts'

/** Where the API tokens start on /suite/settings (the heading's id in features/account/api-tokens.tsx). */
const apiTokensAnchor = 'api-tokens-title'

const itemClass =
  'flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white dark:focus-visible:ring-blue-400'

const iconClass = 'size-4 shrink-0 text-slate-500 dark:text-slate-400'

interface MenuLink {
  to: string
  label: string
  icon: LucideIcon
  id: string
}

function Separator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
}

/**
 * The account menu of the suite header (issue 41): the user's email opens profile, settings (password,
 * API tokens), the workspace, the API documentation and sign-out, at every width. Radix's menu gives
 * the keyboard its usual keys (Enter, Space, arrows, Escape) and returns focus to the button.
 */
export function AccountMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const { t, lang } = useTranslation('suite')
  // Two groups: the account's own pages, then the workspace and the API documentation.
  const groups: MenuLink[][] = [
    [
      { to: '/suite/profile', label: t('header.menu.profile'), icon: UserRound, id: 'profile' },
      { to: '/suite/settings', label: t('header.menu.settings'), icon: Settings, id: 'settings' },
      { to: '/suite/change-password', label: t('header.menu.password'), icon: LockKeyhole, id: 'password' },
      {
        to: `/suite/settings#${apiTokensAnchor}`,
        label: t('header.menu.apiTokens'),
        icon: KeyRound,
        id: 'api-tokens',
      },
    ],
    [
      { to: '/suite/workspace', label: t('header.menu.workspace'), icon: UsersRound, id: 'workspace' },
      { to: localizedPath('apiDocs', lang), label: t('header.menu.apiDocs'), icon: BookOpen, id: 'api-docs' },
    ],
  ]
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex min-h-11 min-w-0 max-w-40 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:max-w-56 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
        data-testid="account-menu-trigger"
        title={user.email}
      >
        <UserRound className="size-4 shrink-0" aria-hidden="true" />
        {/* Spec §2: the signed-in header shows the user's email; the menu adds the name. */}
        <span className="truncate" data-testid="account-menu-name">
          {user.email}
        </span>
        <span className="sr-only">, {t('header.menu.label')}</span>
        <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={16}
          className="z-50 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/40"
          data-testid="account-menu"
        >
          <DropdownMenu.Label className="min-w-0 px-3 py-2">
            {user.name?.trim() ? (
              <span className="block break-words text-sm font-semibold text-slate-900 dark:text-slate-50">
                {user.name}
              </span>
            ) : null}
            <span className="block break-all text-xs text-slate-600 dark:text-slate-400">{user.email}</span>
          </DropdownMenu.Label>
          <Separator />
          {groups.map((group, index) => (
            <Fragment key={group[0]!.id}>
              {index ? <Separator /> : null}
              <DropdownMenu.Group>
                {group.map((link) => (
                  <DropdownMenu.Item key={link.id} asChild className={itemClass}>
                    <Link to={link.to} data-testid={`account-menu-${link.id}`}>
                      <link.icon className={iconClass} aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">{link.label}</span>
                    </Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            </Fragment>
          ))}
          <Separator />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut} data-testid="account-menu-sign-out">
            <LogOut className={iconClass} aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">{t('header.signOut')}</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
