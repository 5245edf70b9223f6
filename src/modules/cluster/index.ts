export { ClusterBus, json } from './cluster-bus';
