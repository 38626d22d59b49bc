// The formula language of calculated attributes: parse, check, evaluate (pure; see ast.ts).
export * from './ast';
export * from './compile';
export * from './evaluate';
export * from './functions';
export * from './parse';
export * from './names';
export * from './kind';
export * from './error-text';
