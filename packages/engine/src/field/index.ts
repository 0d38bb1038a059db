// Field data from the Chrome UX Report: the API client, Google's thresholds, the lab-vs-field findings.
export * from './crux.ts'
export * from './field-data.ts'
export * from './lab-vs-field.ts'
export * from './thresholds.ts'
export type * from './types.ts'
