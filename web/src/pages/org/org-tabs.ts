/** The organization page's tabs, as `?tab=` names them. */
export const ORG_TABS = ['general', 'members', 'tokens', 'audit', 'ai', 'billing', 'integrations'] as const;
export type OrgTab = (typeof ORG_TABS)[number];

/** `?tab=` and `?topup=` (where the top-up checkout returns) of the organization page. */
export function orgSearch(s: Record<string, unknown>): { tab?: OrgTab; topup?: 'success' | 'cancelled' } {
  const tab = ORG_TABS.find((t) => t === s.tab);
  const topup = s.topup === 'success' || s.topup === 'cancelled' ? s.topup : undefined;
  return { ...(tab ? { tab } : {}), ...(topup ? { topup } : {}) };
}
