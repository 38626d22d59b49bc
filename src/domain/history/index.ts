// Undo/redo of commands as patches with marks, its JSON form for the server's undo log, and that
// form without attribute values a role may not see.
export * from './history';
export * from './serialize';
export * from './overlap';
export * from './redact';
