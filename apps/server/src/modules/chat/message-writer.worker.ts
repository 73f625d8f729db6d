import { parentPort, workerData } from 'node:worker_threads';
import { chatBatchStatement } from '../../db/chat-batch-statement.js';
import { openDatabase } from '../../db/database.js';
import { observeGroupCommits } from '../../db/group-commit.js';
import { deferCheckpoints } from '../../db/sqlite-checkpoints.js';
import { LiveSettings } from '../admin/live-settings.js';
import { SettingsRepository } from '../admin/settings.repository.js';
import { BlocksRepository } from '../blocks/blocks.repository.js';
import { BlocksService } from '../blocks/blocks.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { ConversationsRepository } from './conversations.repository.js';
import { FreeChatsRepository } from './free-chats.repository.js';
import { MessageWriter, WRITERS } from './message-writer.js';
import { MessagesRepository } from './messages.repository.js';
import { toWire, type FromWriter, type ToWriter, type WriterThreadData } from './message-writer.wire.js';

/**
 * The chat's writer thread (message-writer-thread.ts): its own connections to the database and a
 * MessageWriter built as composition.ts builds the process's, answering each message once its
 * transaction committed, the answers of one transaction in one message.
 */
const port = parentPort!;
const data = workerData as WriterThreadData;
// On PostgreSQL one connection per transaction the writer may have open at once (WRITERS), and one for the rest.
const database = openDatabase(data.database, { poolSize: WRITERS + 1 });
const { db } = database;
const users = new UsersRepository(db);
// No cache here: a quota staff change invalidates the process's cache, which this thread does not
// see; the quota is read only when a member who pays for chats starts a conversation.
const settings = new LiveSettings(new SettingsRepository(db), { freeChats: data.freeChats }, Date.now, 0);
const writer = new MessageWriter(
  db,
  new ConversationsRepository(db),
  new MessagesRepository(db),
  new FreeChatsRepository(db),
  users,
  (trx) => settings.freeChats(trx),
  new BlocksService(db, new BlocksRepository(db), users),
  chatBatchStatement(database.dialect),
);
const post = (message: FromWriter) => port.postMessage(message);
// SQLite: the WAL is checkpointed after a transaction's answers have left, not inside its commit.
const checkpoints = deferCheckpoints(db);
observeGroupCommits(db, {
  committed: (name, waits) => {
    post({ type: 'committed', writer: name, waits });
    checkpoints?.committed();
  },
});
database.onQueryError?.((error) => post({ type: 'query-error', error: toWire(error) }));

let answers: Extract<FromWriter, { type: 'written' }>['results'] = [];

/**
 * A transaction's answers leave together, as soon as it committed: its items settle in one go, and
 * a microtask queued by the first answer runs after the others'. Not setImmediate: under a backlog
 * the group commit has already scheduled the next batch for that phase (its transaction holds this
 * thread), and the answers waited for it too (the answers' p99 wait 8–13 ms, 2026-11-29).
 */
function answer(result: (typeof answers)[number]): void {
  if (!answers.length) {
    queueMicrotask(() => {
      post({ type: 'written', results: answers });
      answers = [];
    });
  }
  answers.push(result);
}

port.on('message', (message: ToWriter) => {
  // The process asks only once every message it handed over has its answer (MessageWriterThread.close).
  if (message.type === 'close') {
    checkpoints?.stop();
    void database.destroy().then(() => port.close());
    return;
  }
  for (const { seq, pending } of message.items) {
    writer.submit(pending).then(
      (row) => answer({ seq, row }),
      (error: unknown) => answer({ seq, error: toWire(error) }),
    );
  }
});
