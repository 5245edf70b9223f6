import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { requestIfAvailable } from '../../api/client';
import type { AiConfig, CreditBalance, GithubConnection, UsageDashboard, Webhook } from '../../api/coming';
import { useHasRole } from '../../auth/auth-store';
import { PageHeader } from '../../components/PageHeader';
import { AiSection } from './AiSection';
import { AuditSection } from './AuditSection';
import { BillingSection } from './BillingSection';
import { GeneralSection } from './GeneralSection';
import { IntegrationsSection } from './IntegrationsSection';
import { MembersSection } from './MembersSection';
import { TokensSection } from './TokensSection';

/**
 * Everything about the organization. Tabs for AI, billing and integrations appear only when the
 * server has their endpoints (a 404 hides them); tabs the role may not open are not shown.
 */
export function OrganizationPage() {
  const isDeveloper = useHasRole('developer');
  const isAdmin = useHasRole('admin');
  const ai = useQuery({ queryKey: ['ai-config'], queryFn: () => requestIfAvailable<AiConfig>('/api/v1/ai/config'), retry: false });
  const balance = useQuery({ queryKey: ['credit-balance'], queryFn: () => requestIfAvailable<CreditBalance>('/api/v1/credits/balance'), retry: false });
  const dashboard = useQuery({ queryKey: ['usage-dashboard'], queryFn: () => requestIfAvailable<UsageDashboard>('/api/v1/usage/dashboard'), retry: false });
  const webhooks = useQuery({ queryKey: ['webhooks'], queryFn: () => requestIfAvailable<Webhook[]>('/api/v1/integrations/webhooks'), retry: false, enabled: isAdmin });
  const github = useQuery({ queryKey: ['github'], queryFn: () => requestIfAvailable<GithubConnection>('/api/v1/integrations/github'), retry: false, enabled: isAdmin });
  const hasBilling = !!balance.data || !!dashboard.data;
  const hasIntegrations = !!webhooks.data || !!github.data;

  return (
    <>
      <PageHeader title="Organization" description="Members, access, defaults and billing" />
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          {isDeveloper ? <Tabs.Tab value="tokens">API tokens</Tabs.Tab> : null}
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          {ai.data ? <Tabs.Tab value="ai">AI</Tabs.Tab> : null}
          {hasBilling ? <Tabs.Tab value="billing">Credits and usage</Tabs.Tab> : null}
          {hasIntegrations ? <Tabs.Tab value="integrations">Integrations</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralSection />
        </Tabs.Panel>
        <Tabs.Panel value="members">
          <MembersSection />
        </Tabs.Panel>
        {isDeveloper ? (
          <Tabs.Panel value="tokens">
            <TokensSection />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="audit">
          <AuditSection />
        </Tabs.Panel>
        {ai.data ? (
          <Tabs.Panel value="ai">
            <AiSection config={ai.data} />
          </Tabs.Panel>
        ) : null}
        {hasBilling ? (
          <Tabs.Panel value="billing">
            <BillingSection balance={balance.data ?? null} />
          </Tabs.Panel>
        ) : null}
        {hasIntegrations ? (
          <Tabs.Panel value="integrations">
            <IntegrationsSection webhooks={webhooks.data ?? null} github={github.data} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
