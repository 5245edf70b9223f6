import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import {
  InviteBody,
  Invitation,
  Member,
  MemberParams,
  OrgParams,
  Organization,
  SessionDefaults,
  StatusRemoved,
  UpdateOrganizationBody,
  UpdateSessionDefaultsBody,
  UpdatedOrganization,
} from './orgs.schemas';

export const orgsRoutes: RouteModule = (app, { services }) => {
  const tags = ['organizations'];
  const orgs = services.orgs;

  app.get('/organizations/', {
    schema: { tags, summary: 'The caller’s organizations', response: { 200: z.array(Organization) } },
    handler: (req) => orgs.listOrganizations({ ctx: req.ctx }),
  });

  app.get('/organizations/:org_id', {
    schema: { tags, summary: 'Get an organization (viewer)', params: OrgParams, response: { 200: Organization } },
    handler: (req) => orgs.getOrganization({ ctx: req.ctx, input: { orgId: req.params.org_id } }),
  });

  app.patch('/organizations/:org_id', {
    schema: {
      tags,
      summary: 'Rename an organization (admin)',
      params: OrgParams,
      body: UpdateOrganizationBody,
      response: { 200: UpdatedOrganization },
    },
    handler: (req) =>
      orgs.updateOrganization({ ctx: req.ctx, input: { orgId: req.params.org_id, body: req.body ?? {} } }),
  });

  app.get('/organizations/:org_id/members', {
    schema: { tags, summary: 'List members (viewer)', params: OrgParams, response: { 200: z.array(Member) } },
    handler: (req) => orgs.listMembers({ ctx: req.ctx, input: { orgId: req.params.org_id } }),
  });

  app.post('/organizations/:org_id/invites', {
    schema: {
      tags,
      summary: 'Invite a member by email (admin)',
      params: OrgParams,
      body: InviteBody,
      response: { 200: Invitation },
    },
    handler: (req) => orgs.inviteMember({ ctx: req.ctx, input: { orgId: req.params.org_id, body: req.body } }),
  });

  app.delete('/organizations/:org_id/members/:member_id', {
    schema: { tags, summary: 'Remove a member (admin)', params: MemberParams, response: { 200: StatusRemoved } },
    handler: (req) =>
      orgs.removeMember({ ctx: req.ctx, input: { orgId: req.params.org_id, memberId: req.params.member_id } }),
  });

  app.get('/organizations/:org_id/session-defaults', {
    schema: { tags, summary: 'Session defaults (viewer)', params: OrgParams, response: { 200: SessionDefaults } },
    handler: (req) => orgs.getSessionDefaults({ ctx: req.ctx, input: { orgId: req.params.org_id } }),
  });

  app.patch('/organizations/:org_id/session-defaults', {
    schema: {
      tags,
      summary: 'Update session defaults (admin)',
      params: OrgParams,
      body: UpdateSessionDefaultsBody,
      response: { 200: SessionDefaults },
    },
    handler: (req) => orgs.updateSessionDefaults({ ctx: req.ctx, input: { orgId: req.params.org_id, body: req.body } }),
  });
};
