export { AppUploadsService } from './app-uploads.service';
export { findAppById, findAppByPublicId } from './apps.repository';
export type { AppRow } from './apps.repository';
export { AppsService, appStoragePrefixesOfOrg } from './apps.service';
export type { InstallableBuild } from './apps.service';
