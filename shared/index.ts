export * from './contract/errors';
export * from './contract/error-codes';
export * from './contract/operation';
export * from './contract/operations';
export * from './contract/events';
export * from './contract/client';
export * from './domain/settings';
export * from './domain/accounts';
