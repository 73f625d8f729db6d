import { accountsBench } from './accounts.bench.js';
import { chatCommitBench } from './chat-commit.bench.js';
import { giftsBench } from './gifts.bench.js';
import { membersBench } from './members.bench.js';
import { socketBench } from './socket.bench.js';
import { socketsIdleBench } from './sockets-idle.bench.js';
import { startBench } from './start.bench.js';
import { webBench } from './web.bench.js';
import { webHomeBench } from './web-home.bench.js';

/** `npm run bench [-- name ...]`: runs the named benchmarks (all by default) and prints ratio tables. */
const BENCHES: Record<string, () => Promise<void>> = {
  accounts: accountsBench,
  'chat-commit': chatCommitBench,
  gifts: giftsBench,
  members: membersBench,
  socket: socketBench,
  sockets: socketsIdleBench,
  start: startBench,
  web: webBench,
  'web-home': webHomeBench,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  const bench = BENCHES[name];
  if (!bench) throw new Error(`unknown bench ${name}; known: ${Object.keys(BENCHES).join(', ')}`);
  console.log(`running ${name}…`);
  await bench();
}
