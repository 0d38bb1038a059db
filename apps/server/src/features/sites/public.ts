// What other features may read of tracked sites: the shape of one monitoring run (reports compare periods).
export type { RunSnapshot } from './alerts.ts'
