export * from './dcma';
export * from './types';
export * from './grid-filter';
