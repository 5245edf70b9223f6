import { Alert, Tabs } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useHasRole } from '../../auth/auth-store';
import { PageHeader } from '../../components/PageHeader';
import { AiSection } from './AiSection';
import { AuditSection } from './AuditSection';
import { BillingSection } from './BillingSection';
import { GeneralSection } from './GeneralSection';
import { IntegrationsSection } from './IntegrationsSection';
import { MembersSection } from './MembersSection';
import type { OrgTab } from './org-tabs';
import { TokensSection } from './TokensSection';

/**
 * Everything about the organization. A tab shows only for roles the API answers: API tokens and
 * integrations (webhooks, GitHub) need developer; the rest every member reads, and controls that
 * change things appear for the roles that may use them. `?tab=` opens a tab (the top-up checkout
 * returns to `?tab=billing&topup=success`).
 */
export function OrganizationPage() {
  const isDeveloper = useHasRole('developer');
  const search = useSearch({ strict: false }) as { tab?: OrgTab; topup?: string };
  const navigate = useNavigate();
  const tab = search.tab ?? 'general';
  const visible = (t: OrgTab) => isDeveloper || (t !== 'tokens' && t !== 'integrations');

  return (
    <>
      <PageHeader title="Organization" description="Members, access, defaults, AI, credit and integrations" />
      {search.topup === 'success' ? (
        <Alert color="green" title="Thank you" mb="md">
          Your payment went through; the credit shows below as soon as the payment provider confirms it.
        </Alert>
      ) : null}
      {search.topup === 'cancelled' ? (
        <Alert color="gray" title="Top-up cancelled" mb="md">
          Nothing was charged.
        </Alert>
      ) : null}
      <Tabs
        value={visible(tab) ? tab : 'general'}
        onChange={(v) =>
          void navigate({ to: '/organization', search: { tab: (v ?? 'general') as OrgTab }, replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          {isDeveloper ? <Tabs.Tab value="tokens">API tokens</Tabs.Tab> : null}
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          <Tabs.Tab value="ai">AI</Tabs.Tab>
          <Tabs.Tab value="billing">Credits and usage</Tabs.Tab>
          {isDeveloper ? <Tabs.Tab value="integrations">Integrations</Tabs.Tab> : null}
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
        <Tabs.Panel value="ai">
          <AiSection />
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingSection />
        </Tabs.Panel>
        {isDeveloper ? (
          <Tabs.Panel value="integrations">
            <IntegrationsSection />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
