import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, RouteModule } from '../../http/types';
import { acceptMultipartBodies } from '../../uploads/upload-receiver';
import { registerBaselineRoutes } from './baselines.routes';
import { registerCaseRoutes } from './cases.routes';
import { registerSuiteRoutes } from './suites.routes';
import { registerMaestroRoutes } from './maestro/maestro.routes';
import { registerYamlRoutes } from './yaml.routes';

export const catalogueRoutes: RouteModule = async (root, { services }) => {
  // Own encapsulated scope: multipart bodies (the YAML import streams its own) are accepted here only.
  await root.register(async (scope) => {
    const app: App = scope.withTypeProvider<ZodTypeProvider>();
    acceptMultipartBodies(scope);
    registerSuiteRoutes(app, services.catalogue.suites);
    registerYamlRoutes(app, services.catalogue.yaml);
    registerMaestroRoutes(app, services.catalogue.maestro);
    registerCaseRoutes(app, services.catalogue.cases, services.catalogue.quarantine);
    registerBaselineRoutes(app, services.catalogue.baselines);
  });
};
