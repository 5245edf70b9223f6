import type { RouteModule } from '../../http/types';
import { GithubConnection, PutGithubBody, StatusDeleted } from './github.schemas';

const tags = ['integrations'];

/** The GitHub connection for commit statuses of CI runs. */
export const githubRoutes: RouteModule = (app, { services }) => {
  const { github } = services;

  app.put('/integrations/github', {
    schema: {
      tags,
      summary: 'Connect a GitHub repository for commit statuses; the token is stored encrypted (admin)',
      body: PutGithubBody,
      response: { 200: GithubConnection },
    },
    handler: (req) => github.putConnection({ ctx: req.ctx, input: req.body }),
  });

  app.get('/integrations/github', {
    schema: {
      tags,
      summary: 'The GitHub connection, without its token, or null when none is made (developer)',
      response: { 200: GithubConnection.nullable() },
    },
    handler: (req) => github.getConnection({ ctx: req.ctx }),
  });

  app.delete('/integrations/github', {
    schema: { tags, summary: 'Disconnect GitHub (admin)', response: { 200: StatusDeleted } },
    handler: (req) => github.deleteConnection({ ctx: req.ctx }),
  });
};
