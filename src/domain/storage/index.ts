export * from './names';
export * from './range';
export * from './sniff';
