import { SuiteLayout } from '~/features/suite/layout/suite-layout.tsx'

export default function SuiteLayoutRoute() {
  return <SuiteLayout />
}
