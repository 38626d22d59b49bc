export * from './dcma';
export * from './types';
