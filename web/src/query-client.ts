import { QueryClient } from '@tanstack/react-query';
import { authStore } from './auth/auth-store';
import { ApiError } from './api/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // A 4xx will not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

// Nothing one account saw stays in memory for the next one.
let signedInAs = authStore.get()?.user_id;
authStore.subscribe(() => {
  const now = authStore.get()?.user_id;
  if (now !== signedInAs) queryClient.clear();
  signedInAs = now;
});
