// The React Query provider over @workforce/trpc's links, the signed-in employee's token on each call.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { type AppRouter, workforceLinks } from '@workforce/trpc';
import { type ReactNode, useState } from 'react';
import { accessToken } from './auth';
import { API } from './config';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export function WorkforceProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: workforceLinks({ url: `${API}/trpc`, token: accessToken }) }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
