export { createCi } from './ci';
export type { CiServices } from './ci';
