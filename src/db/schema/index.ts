export * from './accounts';
export * from './audit';
export * from './apps';
export * from './events';
export * from './tests';
export * from './sessions';
