export { PLANS, planFor } from './plans';
