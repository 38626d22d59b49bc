export * from './build';
export * from './colors';
export * from './source';
export * from './types';
export * from './link';
export * from './wire';
