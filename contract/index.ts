export * from './auth';
export * from './http';
export * from './payment';
export * from './permissions';
export * from './scripts';
export * from './error-logs';
export * from './plans';
