// The chat's writer thread when the server runs from its TypeScript source (tests, `npm run dev`):
// a worker does not inherit the tsx loader the process was started with, so it registers tsx
// itself before loading the thread's module. The bundle (scripts/build.mjs) runs
// message-writer.worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./message-writer.worker.ts');
