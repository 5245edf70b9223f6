import { randomBytes } from 'node:crypto';
import * as plist from 'plist';
import yazl from 'yazl';
import { apps, builds } from '../../src/db/schema';
import { newPublicId } from '../../src/db/public-id';
import type { TestApp } from './app';

/** A real iOS simulator bundle (.zip with Payload/<Name>.app/Info.plist and an optional app model). */
export async function buildIosBundleZip(opts: {
  bundleId: string;
  name: string;
  version?: string;
  model?: unknown;
}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const dir = `Payload/${opts.name.replace(/\W/g, '')}.app/`;
  zip.addBuffer(
    Buffer.from(
      plist.build({
        CFBundleIdentifier: opts.bundleId,
        CFBundleDisplayName: opts.name,
        CFBundleShortVersionString: opts.version ?? '1.0',
        CFBundleVersion: '1',
      }),
    ),
    `${dir}Info.plist`,
  );
  if (opts.model) zip.addBuffer(Buffer.from(JSON.stringify(opts.model)), `${dir}simdeck-app.json`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** An app with one build stored in the app's storage, written straight to the database. */
export async function insertAppWithBuild(
  t: TestApp,
  orgId: number,
  opts: { platform: 'ios' | 'android'; packageName: string; file: Buffer; fileName: string; version?: string },
) {
  const now = t.clock.now();
  const [app] = await t.container.db
    .insert(apps)
    .values({
      publicId: newPublicId('app'),
      organizationId: orgId,
      name: opts.packageName,
      packageName: opts.packageName,
      platform: opts.platform,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const key = `apps/${app!.publicId}/builds/${randomBytes(6).toString('hex')}-${opts.fileName}`;
  await t.container.storage.put(key, opts.file);
  const [build] = await t.container.db
    .insert(builds)
    .values({
      appId: app!.id,
      organizationId: orgId,
      version: opts.version ?? '1.0',
      buildNumber: '1',
      fileSize: opts.file.length,
      fileName: opts.fileName,
      storageKey: key,
      sha256: 'x',
      uploadedByEmail: 'factory@example.test',
      uploadedAt: now,
    })
    .returning();
  return { app: app!, build: build! };
}
