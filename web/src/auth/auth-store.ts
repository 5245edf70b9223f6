import { useSyncExternalStore } from 'react';

/** Who is signed in, as the API's register and login answers say. */
export interface Account {
  access_token: string;
  user_id: number;
  email: string;
  organization_id: number;
  role: 'admin' | 'developer' | 'viewer';
  email_verified: boolean;
}

const KEY = 'simdeck.account';
const listeners = new Set<() => void>();

function read(): Account | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Account) : null;
  } catch {
    return null;
  }
}

let current = read();

function emit() {
  for (const l of listeners) l();
}

// Another tab signed in or out.
window.addEventListener('storage', (e) => {
  if (e.key !== KEY) return;
  current = read();
  emit();
});

/** The signed-in account, kept in localStorage so a reload or a new tab stays signed in. */
export const authStore = {
  get: () => current,
  token: () => current?.access_token ?? null,
  signIn(account: Account) {
    current = account;
    localStorage.setItem(KEY, JSON.stringify(account));
    emit();
  },
  update(patch: Partial<Account>) {
    if (!current) return;
    authStore.signIn({ ...current, ...patch });
  },
  signOut() {
    current = null;
    localStorage.removeItem(KEY);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAccount(): Account | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get);
}

const RANK = { viewer: 0, developer: 1, admin: 2 } as const;

/** Whether the signed-in role is at least `role`: the console hides what the API would refuse with 403. */
export function useHasRole(role: Account['role']): boolean {
  const account = useAccount();
  return !!account && RANK[account.role] >= RANK[role];
}

/**
 * Whether the signed-in member controls a session: its creator (signed in, not through an API
 * token), developers and admins. Everyone else watches; the API refuses their input with 403.
 */
export function useControlsSession(createdBy: { user_id: number | null; api_token_id: number | null }): boolean {
  const account = useAccount();
  if (!account) return false;
  return (
    RANK[account.role] >= RANK.developer || (createdBy.api_token_id === null && createdBy.user_id === account.user_id)
  );
}
