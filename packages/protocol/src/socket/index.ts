export * from './codes.js';
export * from './client.js';
export * from './server.js';
