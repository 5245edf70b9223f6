import { useAccount } from '../../auth/auth-store';

/** The signed-in account's organization id (every organization path takes it). */
export function useOrgId(): number {
  return useAccount()?.organization_id ?? 0;
}
