import multipart from '@fastify/multipart';
import type { App, RouteModule } from '../../http/types';
import { registerBaselineRoutes } from './baselines.routes';
import { registerCaseRoutes } from './cases.routes';
import { MAX_YAML_BYTES } from './suite-yaml';
import { registerSuiteRoutes } from './suites.routes';
import { registerYamlRoutes } from './yaml.routes';

export const catalogueRoutes: RouteModule = async (root, { services }) => {
  // Own encapsulated scope: the multipart parser registered here does not leak to other modules.
  await root.register(async (scope) => {
    const app = scope as unknown as App;
    await app.register(multipart, { limits: { fileSize: MAX_YAML_BYTES, files: 1, fields: 10, parts: 11 } });
    registerSuiteRoutes(app, services.catalogue.suites);
    registerYamlRoutes(app, services.catalogue.yaml);
    registerCaseRoutes(app, services.catalogue.cases);
    registerBaselineRoutes(app, services.catalogue.baselines);
  });
};
