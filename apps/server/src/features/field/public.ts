// What other features may read of field data: a URL's Chrome UX Report figures (the page analysis).
export { fieldResultFor } from './service.ts'
