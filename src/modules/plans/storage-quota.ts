import type { Ctx } from '../../context';
import { AppError } from '../../errors';
import type { PlanId } from './plans';
import { planOfOrganization, storedBytesOfOrganization } from './storage-usage.repository';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * What each plan may store (app packages, visual baselines, run screenshots), in bytes; `null`
 * is unlimited. Kept apart from the plan table: it applies only when billing is configured.
 */
export const STORAGE_QUOTA_BYTES: Record<PlanId, number | null> = {
  free: 1 * GB,
  starter: 10 * GB,
  professional: 100 * GB,
  enterprise: null,
};

export interface StorageQuotaSettings {
  /** STORAGE_QUOTA_MB: the quota of every organization whatever its plan; 0 is unlimited. */
  overrideBytes: number | null;
  /** Plans are sold (Stripe is configured): the plan's quota applies. Otherwise none does. */
  billing: boolean;
}

/** The quota of an organization on `planId`, or null when it may store without limit. */
export function storageQuotaFor(planId: string, settings: StorageQuotaSettings): number | null {
  if (settings.overrideBytes !== null) return settings.overrideBytes === 0 ? null : settings.overrideBytes;
  if (!settings.billing) return null;
  return Object.hasOwn(STORAGE_QUOTA_BYTES, planId) ? STORAGE_QUOTA_BYTES[planId as PlanId] : STORAGE_QUOTA_BYTES.free;
}

export const formatMb = (bytes: number) => `${+(bytes / MB).toFixed(1)} MB`;

/** The per-organization storage quota (docs/design/0024-uploads.md): usage, and the check before a write. */
export class StorageQuota {
  constructor(private readonly settings: StorageQuotaSettings) {}

  /** Bytes the organization stores now, and its quota (null: unlimited). */
  async usage(ctx: Ctx, orgId: number): Promise<{ usedBytes: number; quotaBytes: number | null }> {
    const [planId, usedBytes] = await Promise.all([
      planOfOrganization(ctx.db, orgId),
      storedBytesOfOrganization(ctx.db, orgId),
    ]);
    return { usedBytes, quotaBytes: storageQuotaFor(planId, this.settings) };
  }

  /**
   * 413 naming the quota and the usage when storing `bytes` more would exceed the quota. Called
   * before anything is written; uploads in flight at the same moment may each pass (the upload
   * rate limits bound how many).
   */
  async assertRoom(ctx: Ctx, orgId: number, bytes: number): Promise<void> {
    const { usedBytes, quotaBytes } = await this.usage(ctx, orgId);
    if (quotaBytes === null || usedBytes + bytes <= quotaBytes) return;
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Storage quota exceeded: the organization stores ${formatMb(usedBytes)} of its ${formatMb(quotaBytes)} quota, ` +
        `and this upload needs ${formatMb(bytes)} more; delete old builds or apps, or move to a larger plan`,
      { quota_bytes: quotaBytes, used_bytes: usedBytes },
    );
  }
}
