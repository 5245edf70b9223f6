import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { testBaselines } from '../../db/schema';
import { describeAuthCases } from '../../../test/harness/auth-cases';
import { createStandaloneCase, insertTestRun, useCatalogueFixture } from '../../../test/harness/catalogue-factories';
import type { OrgWithRoles } from '../../../test/harness/factories';
import { waitFor } from '../../../test/harness/sessions-factories';
import { baselineKey } from './baselines.service';

const fx = useCatalogueFixture();
const { api } = fx;
const caseIn = (org: OrgWithRoles, appPublicId: string) =>
  createStandaloneCase(fx.t, org.developer.token, appPublicId, { name: `baseline case ${Math.random()}` });

async function jpeg(width: number, height: number, colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Writes one baseline of `caseId` as a passed run does (a run of the case is inserted as its source). */
async function writeBaseline(
  orgId: number,
  caseId: number,
  image: { stepIndex: number; jpeg: Buffer; width: number; height: number; deviceName: string | null },
  run?: { id: number; publicId: string },
) {
  const source = run ?? (await insertTestRun(fx.t, orgId, caseId, 'passed'));
  return fx.t.container.services.catalogue.baselines.writeBaselines({
    ctx: fx.systemCtx(orgId),
    input: { caseId, sourceRun: { id: source.id, publicId: source.publicId }, source: 'passed_run', images: [image] },
  });
}

describe('baselines', () => {
  it('writeBaselines writes the JPEG and its record; the API lists and serves them', async () => {
    const c = await caseIn(fx.a, fx.appA.publicId);
    const run = await insertTestRun(fx.t, fx.a.orgId, c.id, 'passed');
    const red = await jpeg(90, 160, { r: 255, g: 0, b: 0 });
    await writeBaseline(
      fx.a.orgId,
      c.id,
      { stepIndex: 1, jpeg: red, width: 90, height: 160, deviceName: 'Pixel 8' },
      run,
    );
    await writeBaseline(fx.a.orgId, c.id, {
      stepIndex: 0,
      jpeg: await jpeg(90, 160, { r: 0, g: 0, b: 255 }),
      width: 90,
      height: 160,
      deviceName: 'Pixel 8',
    });
    expect(await fx.t.container.storage.exists(baselineKey(c.public_id, 1))).toBe(true);
    (fx.t.clock as ManualClock).advance(1000);
    const green = await jpeg(45, 80, { r: 0, g: 255, b: 0 });
    await writeBaseline(
      fx.a.orgId,
      c.id,
      { stepIndex: 1, jpeg: green, width: 45, height: 80, deviceName: 'Pixel 8a' },
      run,
    );
    const rows = await fx.t.container.db.select().from(testBaselines).where(eq(testBaselines.testCaseId, c.id));
    expect(rows).toHaveLength(2);

    const list = await api('GET', `/tests/cases/${c.public_id}/baselines`, fx.a.viewer.token);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({
      step_index: 0,
      width: 90,
      height: 160,
      source_run_id: expect.stringMatching(/^run_/),
    });
    expect(body[1]).toMatchObject({
      step_index: 1,
      width: 45,
      height: 80,
      device_name: 'Pixel 8a',
      source_run_id: run.publicId,
      image_url: `/api/v1/tests/cases/${c.public_id}/baselines/step_1.jpg`,
    });
    expect(body[1].updated_at).not.toBe(body[1].created_at);

    const img = await api('GET', `/tests/cases/${c.public_id}/baselines/step_1.jpg`, fx.a.viewer.token);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 45, height: 80 });
    const { data } = await sharp(img.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(200); // green channel of the replaced image
    expect((await api('GET', `/tests/cases/${c.public_id}/baselines/step_7.jpg`, fx.a.viewer.token)).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/tests/cases/${c.public_id}/baselines/step_x.jpg`, fx.a.viewer.token)).statusCode).toBe(
      400,
    );

    // Deleting the case removes its records and files.
    await api('DELETE', `/tests/cases/${c.public_id}`, fx.a.developer.token);
    await waitFor(
      async () => !(await fx.t.container.storage.exists(baselineKey(c.public_id, 1))),
      'the baseline file to be removed',
    );
    expect(await fx.t.container.storage.exists(baselineKey(c.public_id, 1))).toBe(false);
  });

  it('writeBaselines refuses a case of another organization', async () => {
    const c = await caseIn(fx.b, fx.appB.publicId);
    const run = await insertTestRun(fx.t, fx.b.orgId, c.id, 'passed');
    await expect(
      fx.t.container.services.catalogue.baselines.writeBaselines({
        ctx: fx.systemCtx(fx.a.orgId),
        input: {
          caseId: c.id,
          sourceRun: { id: run.id, publicId: run.publicId },
          source: 'passed_run',
          images: [
            { stepIndex: 0, jpeg: await jpeg(4, 4, { r: 0, g: 0, b: 0 }), width: 4, height: 4, deviceName: null },
          ],
        },
      }),
    ).rejects.toThrow(/not found/);
  });
});

describeAuthCases(
  () => fx,
  [
    {
      method: 'GET',
      url: async () => `/api/v1/tests/cases/${(await caseIn(fx.a, fx.appA.publicId)).public_id}/baselines`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await caseIn(fx.b, fx.appB.publicId)).public_id}/baselines`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => {
        const c = await caseIn(fx.a, fx.appA.publicId);
        await writeBaseline(fx.a.orgId, c.id, {
          stepIndex: 0,
          jpeg: await jpeg(4, 4, { r: 1, g: 2, b: 3 }),
          width: 4,
          height: 4,
          deviceName: null,
        });
        return `/api/v1/tests/cases/${c.public_id}/baselines/step_0.jpg`;
      },
      otherOrgUrl: async () => {
        const c = await caseIn(fx.b, fx.appB.publicId);
        await writeBaseline(fx.b.orgId, c.id, {
          stepIndex: 0,
          jpeg: await jpeg(4, 4, { r: 1, g: 2, b: 3 }),
          width: 4,
          height: 4,
          deviceName: null,
        });
        return `/api/v1/tests/cases/${c.public_id}/baselines/step_0.jpg`;
      },
      minRole: 'viewer',
    },
  ],
);
