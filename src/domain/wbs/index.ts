// The WBS tree as pure data and its edits (ARCHITECTURE "The core loop: an edit").
export * from './activity';
export * from './change';
export * from './codes';
export * from './columns';
export * from './order-key';
export * from './paste';
export * from './progress';
export * from './relations';
export * from './repair';
export * from './rows';
export * from './schedule-model';
export * from './selection';
export * from './structure';
export * from './tree-index';
export * from './types';
export * from './values';
export * from './view';
