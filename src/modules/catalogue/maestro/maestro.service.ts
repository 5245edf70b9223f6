import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../../context';
import { newPublicId } from '../../../db/public-id';
import type { Platform } from '../../../db/schema';
import { AppError, notFound } from '../../../errors';
import type { ObjectStorage } from '../../../storage/storage';
import type { UploadSource, UploadSpool } from '../../../uploads/upload-receiver';
import { findAppByPublicId, type AppRow } from '../../apps';
import { recordAudit } from '../../audit';
import type { YamlLimits } from '../bounded-yaml';
import * as casesRepo from '../cases.repository';
import { slugify } from '../suite-yaml';
import * as suitesRepo from '../suites.repository';
import type { SuiteRow } from '../suites.repository';
import { normaliseTags } from '../tags';
import { replaceSuiteTags } from '../tags.repository';
import { writeFlowsZip } from './flows-zip';
import { MaestroFlowsPool } from './maestro-flows-pool';
import { writeMaestroCases, type MaestroCaseChanges } from './maestro-suite-cases';

export interface MaestroImportResponse extends MaestroCaseChanges {
  public_id: string;
  name: string;
  case_count: number;
  warnings: string[];
}

/** Import and export of Maestro flows (docs/maestro.md): one suite per import, one case per flow file. */
export class MaestroFlowsService {
  private readonly reader: MaestroFlowsPool;

  constructor(private readonly deps: { spool: UploadSpool; storage: ObjectStorage; yamlLimits?: Partial<YamlLimits> }) {
    this.reader = new MaestroFlowsPool({ limits: deps.yamlLimits });
  }

  close(): Promise<void> {
    return this.reader.close();
  }

  /**
   * Reads the upload off the event loop, then writes the suite and its cases in one transaction:
   * flows the folder runs become cases, the files they reach through `runFlow` become the
   * suite's reusable cases. With `suiteId` the flows replace that suite's Maestro cases instead
   * (a re-import: the same path keeps its case). Any problem refuses the whole upload and
   * writes nothing; the spooled file is removed.
   */
  async importFlows({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { appPublicId?: string; suiteId?: string; source: UploadSource };
  }): Promise<MaestroImportResponse> {
    const org = requireRole(ctx, 'developer');
    const upload = await input.source(this.deps.spool);
    let folder: Awaited<ReturnType<MaestroFlowsPool['read']>>;
    try {
      folder = await this.reader.read(upload.tempPath, upload.fileName);
    } finally {
      await upload.discard();
    }
    const tags = normaliseTags(
      [...new Set(folder.flows.filter((f) => !f.reusable).flatMap((f) => f.tags))].slice(0, 20),
    );
    return withTransaction(ctx, async (tx) => {
      const earlier = input.suiteId
        ? await suitesRepo.findSuiteByPublicId(tx.db, org.id, input.suiteId, { forUpdate: true })
        : null;
      if (input.suiteId && !earlier) throw notFound('Test suite');
      let app: AppRow | null = null;
      if (input.appPublicId) {
        app = await findAppByPublicId(tx.db, org.id, input.appPublicId);
        if (!app) throw notFound('App');
      } else if (folder.appId) {
        app = (await suitesRepo.findAppsByPackage(tx.db, org.id, folder.appId))[0] ?? null;
      }
      const now = tx.clock.now();
      const createdByUserId = actorIdentity(tx).userId;
      let suite: SuiteRow;
      if (earlier) {
        // A re-import keeps the suite's name, settings and app unless the upload names another app.
        const appId = app?.id ?? earlier.appId;
        const platform = app ? (app.platform as Platform) : earlier.platform;
        await suitesRepo.updateSuite(tx.db, earlier.id, { appId, platform, updatedAt: now });
        suite = { ...earlier, appId, platform };
      } else {
        suite = await suitesRepo.insertSuite(tx.db, {
          publicId: newPublicId('ste'),
          organizationId: org.id,
          appId: app?.id ?? null,
          name: folder.name.slice(0, 200) || 'Maestro flows',
          description: 'Imported Maestro flows',
          platform: (app?.platform ?? null) as Platform | null,
          resetStrategy: 'relaunch',
          context: null,
          variables: {},
          createdByUserId,
          createdAt: now,
          updatedAt: now,
        });
      }
      await replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      const changes = await writeMaestroCases(tx, this.deps, suite, folder.flows, {
        platform: (suite.platform ?? null) as Platform | null,
        createdByUserId,
      });
      await recordAudit(tx, {
        action: 'test_suite.imported',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: {
          name: suite.name,
          case_count: folder.flows.length,
          app_id: app?.publicId ?? null,
          format: 'maestro',
          ...(earlier ? { reimported: true, ...changes } : {}),
        },
      });
      const warnings = [...folder.warnings];
      if (!app && folder.appId && !suite.appId)
        warnings.push(`no app with the package ${folder.appId} is uploaded: the suite is not linked to an app`);
      return {
        public_id: suite.publicId,
        name: suite.name,
        case_count: folder.flows.length,
        warnings,
        ...changes,
      };
    });
  }

  /** The suite's flows as a zip Maestro reads: every file verbatim, and a config.yaml naming the flows it runs. */
  async exportFlows({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteId: string };
  }): Promise<{ fileName: string; body: Buffer }> {
    const org = requireRole(ctx, 'viewer');
    const suite = await suitesRepo.findSuiteByPublicId(ctx.db, org.id, input.suiteId);
    if (!suite) throw notFound('Test suite');
    const cases = await casesRepo.listSuiteCases(ctx.db, suite.id);
    const notMaestro = cases.filter(({ c }) => !c.maestroFlow).map(({ c }) => `"${c.name}"`);
    if (notMaestro.length)
      throw new AppError(
        'BAD_REQUEST',
        `Only Maestro flows can be exported as Maestro: ${notMaestro.slice(0, 20).join(', ')} ${notMaestro.length === 1 ? 'is' : 'are'} not`,
      );
    const files = new Map<string, string | Buffer>();
    const flows: string[] = [];
    for (const { c } of cases) {
      const stored = c.maestroFlow!;
      for (const [p, f] of Object.entries(stored.files))
        files.set(p, f.encoding === 'base64' ? Buffer.from(f.source, 'base64') : f.source);
      if (!c.isReusable) flows.push(stored.file);
    }
    const config = `# Written by simdeck: the flows this suite runs.\nflows:\n${flows
      .sort()
      .map((f) => `  - ${JSON.stringify(f)}`)
      .join('\n')}\n`;
    files.set('config.yaml', config);
    return { fileName: `${slugify(suite.name)}.zip`, body: await writeFlowsZip(files) };
  }
}
