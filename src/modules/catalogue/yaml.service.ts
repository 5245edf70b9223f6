import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import { newPublicId } from '../../db/public-id';
import type { Platform } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { findAppByPublicId, type AppRow } from '../apps';
import { recordAudit } from '../audit';
import * as casesRepo from './cases.repository';
import type { YamlLimits } from './bounded-yaml';
import { renderSuiteYaml, slugify, type SuiteDocument } from './suite-yaml';
import { SuiteYamlPool } from './suite-yaml-pool';
import type { ImportResponse } from './suites.schemas';
import * as suitesRepo from './suites.repository';
import { normaliseTags } from './tags';
import { replaceSuiteTags } from './tags.repository';
import type { UploadSource, UploadSpool } from '../../uploads/upload-receiver';

/** Export and import of whole suites in the YAML format (docs/design/0023-yaml-suite-format.md). */
export class SuiteYamlService {
  private readonly reader: SuiteYamlPool;

  constructor(private readonly deps: { spool: UploadSpool; yamlLimits?: Partial<YamlLimits> }) {
    this.reader = new SuiteYamlPool({ limits: deps.yamlLimits });
  }

  /** Stops the threads that read imports. */
  close(): Promise<void> {
    return this.reader.close();
  }

  /** The suite as YAML and a file name from its slug. */
  async exportSuiteYaml({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteId: string };
  }): Promise<{ fileName: string; body: string }> {
    const org = requireRole(ctx, 'viewer');
    const suite = await suitesRepo.findSuiteByPublicId(ctx.db, org.id, input.suiteId);
    if (!suite) throw notFound('Test suite');
    const [[row], cases] = await Promise.all([
      suitesRepo.listSuites(ctx.db, org.id, { suiteId: suite.id }),
      casesRepo.listSuiteCases(ctx.db, suite.id),
    ]);
    const body = renderSuiteYaml({
      name: suite.name,
      description: suite.description,
      appId: row?.appPackageName ?? null,
      platform: suite.platform,
      resetStrategy: suite.resetStrategy,
      context: suite.context,
      variables: suite.variables,
      tags: (row?.tags ?? []).map((t) => t.display_name),
      visualWarnPct: suite.visualWarnPct,
      visualFailPct: suite.visualFailPct,
      accessibility: suite.accessibility,
      cases: cases.map(({ c }) => ({
        name: c.name,
        mode: c.mode,
        steps: c.steps,
        assertions: c.assertions,
        context: c.context,
        fuzzyMatch: c.fuzzyMatch,
        sourceRecording: c.sourceRecording ?? null,
        sourceDeviceWidth: c.sourceDeviceWidth,
        sourceDeviceHeight: c.sourceDeviceHeight,
      })),
    });
    return { fileName: `${slugify(suite.name)}.yaml`, body };
  }

  /**
   * Creates a new suite from YAML. The app: the `app_id` query (public id) when given, else the
   * org's app whose package name is the document's `appId` (preferring the document's platform);
   * no such app leaves the suite unlinked.
   */
  async importSuiteYaml({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { appPublicId?: string; source: UploadSource };
  }): Promise<ImportResponse> {
    const org = requireRole(ctx, 'developer');
    const upload = await input.source(this.deps.spool);
    let doc: SuiteDocument;
    try {
      doc = await this.reader.read(upload.tempPath);
    } finally {
      await upload.discard();
    }
    const tags = normaliseTags(doc.tags);
    return withTransaction(ctx, async (tx) => {
      let app: AppRow | null = null;
      if (input.appPublicId) {
        app = await findAppByPublicId(tx.db, org.id, input.appPublicId);
        if (!app) throw notFound('App');
      } else if (doc.appId) {
        const candidates = await suitesRepo.findAppsByPackage(tx.db, org.id, doc.appId);
        app = candidates.find((a) => a.platform === doc.platform) ?? candidates[0] ?? null;
      }
      if (app && doc.platform && app.platform !== doc.platform) {
        throw new AppError(
          'BAD_REQUEST',
          `platform: '${doc.platform}' does not match the app's platform '${app.platform}'`,
        );
      }
      const now = tx.clock.now();
      const platform = (doc.platform ?? app?.platform ?? null) as Platform | null;
      const createdByUserId = actorIdentity(tx).userId;
      const suite = await suitesRepo.insertSuite(tx.db, {
        publicId: newPublicId('ste'),
        organizationId: org.id,
        appId: app?.id ?? null,
        name: doc.name,
        description: doc.description,
        platform,
        resetStrategy: doc.resetStrategy,
        context: doc.context,
        variables: doc.variables,
        visualWarnPct: doc.visualWarnPct,
        visualFailPct: doc.visualFailPct,
        accessibility: doc.accessibility,
        createdByUserId,
        createdAt: now,
        updatedAt: now,
      });
      await replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      await casesRepo.insertCases(
        tx.db,
        doc.cases.map((c) => ({
          publicId: newPublicId('tc'),
          organizationId: org.id,
          suiteId: suite.id,
          name: c.name,
          mode: c.mode,
          steps: c.steps,
          assertions: c.assertions,
          context: c.context,
          sourceRecording: c.sourceRecording,
          sourceDeviceWidth: c.sourceDeviceWidth,
          sourceDeviceHeight: c.sourceDeviceHeight,
          sourcePlatform: platform,
          fuzzyMatch: c.fuzzyMatch,
          createdByUserId,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await recordAudit(tx, {
        action: 'test_suite.imported',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: { name: suite.name, case_count: doc.cases.length, app_id: app?.publicId ?? null },
      });
      return { public_id: suite.publicId, name: suite.name, case_count: doc.cases.length };
    });
  }
}
