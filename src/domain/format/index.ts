// Parsing, formatting and validation shared by the grid, forms, importers and the server.
export * from './civil';
export * from './dates';
export * from './months';
export * from './numbers';
export * from './validation';
