export * from './accounts';
export * from './audit';
export * from './apps';
export * from './events';
export * from './catalogue';
export * from './sessions';
export * from './ci';
export * from './webhooks';
