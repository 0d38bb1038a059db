import type { LucideIcon } from 'lucide-react'
import {
  BarChart3,
  Bot,
  FileText,
  KeyRound,
  LayoutDashboard,
  Lightbulb,
  MapPin,
  MessagesSquare,
  Network,
  PenLine,
  Radar,
  ScanEye,
  Sparkles,
} from 'lucide-react'

export interface SuiteNavItem {
  key:
    | 'dashboard'
    | 'seo'
    | 'aio'
    | 'llm'
    | 'googleAi'
    | 'directories'
    | 'keywords'
    | 'site'
    | 'bots'
    | 'recommender'
    | 'writer'
    | 'sites'
    | 'reports'
  to: string
  icon: LucideIcon
  /** Signed-out visitors see a lock and a 'Login required' tooltip. */
  loginRequired: boolean
}

/** Spec §2 "Suite routes": the side navigation. */
export const suiteNav: SuiteNavItem[] = [
  { key: 'dashboard', to: '/suite', icon: LayoutDashboard, loginRequired: false },
  { key: 'seo', to: '/suite/seo', icon: BarChart3, loginRequired: false },
  { key: 'aio', to: '/suite/aio', icon: Bot, loginRequired: true },
  // Anonymous visitors get a small run; the Competition, Knowledge and Journey tabs are gated inside.
  { key: 'llm', to: '/suite/llm', icon: MessagesSquare, loginRequired: false },
  // Google's own AI answers (issue 43): paid calls through DataForSEO, so signed-in only.
  { key: 'googleAi', to: '/suite/google-ai', icon: Sparkles, loginRequired: true },
  { key: 'directories', to: '/suite/directories', icon: MapPin, loginRequired: true },
  { key: 'keywords', to: '/suite/keywords', icon: KeyRound, loginRequired: true },
  { key: 'site', to: '/suite/site', icon: Network, loginRequired: true },
  { key: 'bots', to: '/suite/bots', icon: ScanEye, loginRequired: true },
  { key: 'recommender', to: '/suite/recommender', icon: Lightbulb, loginRequired: false },
  { key: 'writer', to: '/suite/writer', icon: PenLine, loginRequired: true },
  { key: 'sites', to: '/suite/sites', icon: Radar, loginRequired: true },
  { key: 'reports', to: '/suite/reports', icon: FileText, loginRequired: true },
]
