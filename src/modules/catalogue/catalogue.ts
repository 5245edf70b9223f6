import type { ObjectStorage } from '../../storage/storage';
import type { UploadSpool } from '../../uploads/upload-receiver';
import { BaselinesService } from './baselines.service';
import { CaseQuarantineService } from './case-quarantine.service';
import { CasesService } from './cases.service';
import { SuitesService } from './suites.service';
import { MaestroFlowsService } from './maestro/maestro.service';
import { SuiteYamlService } from './yaml.service';

/** The test catalogue: suites (with their tags), cases, YAML import/export and visual baselines. */
export interface CatalogueServices {
  suites: SuitesService;
  cases: CasesService;
  quarantine: CaseQuarantineService;
  yaml: SuiteYamlService;
  maestro: MaestroFlowsService;
  baselines: BaselinesService;
}

export function createCatalogueServices(deps: { storage: ObjectStorage; spool: UploadSpool }): CatalogueServices {
  return {
    suites: new SuitesService(deps),
    cases: new CasesService(deps),
    quarantine: new CaseQuarantineService(),
    yaml: new SuiteYamlService(deps),
    maestro: new MaestroFlowsService(deps),
    baselines: new BaselinesService(deps),
  };
}
