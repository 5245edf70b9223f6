export { PLANS, planFor } from './plans';
export {
  formatMb,
  StorageQuota,
  storageQuotaFor,
  STORAGE_QUOTA_BYTES,
  type StorageQuotaSettings,
} from './storage-quota';
