// Undo/redo of commands as patches with marks, and its JSON form for the server's undo log.
export * from './history';
export * from './serialize';
export * from './overlap';
