import { UserStatus } from '@kindred/protocol';
import { sql } from 'kysely';
import type { Db } from './database.js';
import type { DialectName } from './dialect.js';
import { inGivenOrder } from './returning-order.js';
import type { MessageRow } from './schema.js';

export type NewChatMessage = Omit<MessageRow, 'id'>;

/**
 * A batch of chat messages stored in one statement that is its own transaction; answers the stored
 * rows in the order given, or undefined when it stored nothing because a message was refused or
 * needs the rules' full check (the caller then writes the batch the portable way, whose errors say
 * which and why). `onlyContinuing[i]`: message i is taken only if it continues a conversation its
 * sender already has (someone wrote in it before), since starting one might need a free chat or a
 * right the sender lacks.
 */
export type ChatBatchStatement = (db: Db, rows: readonly NewChatMessage[], onlyContinuing: readonly boolean[], now: number) => Promise<MessageRow[] | undefined>;

/**
 * PostgreSQL: the whole chat batch as one data-modifying statement. The portable path
 * (modules/chat/message-writer.ts) is six round trips — BEGIN, the recipients, the blocks, the
 * INSERT, the conversation sides, COMMIT — each a turn of the writer's event loop and a wake-up of
 * its backend, on two cores shared with everything else. Here the checks, the messages and both
 * sides of every conversation go in one statement, committed on its own.
 *
 * It leaves what MessageWriter.write leaves for the same batch, and stores nothing at all if any
 * message would be refused or needs the rules' full check: a recipient who is the sender, missing,
 * or not reachable (`isReachable`: support, or an active member), a block between a sender and a
 * recipient either way, or a message marked `onlyContinuing` that would start its conversation.
 * The messages take their ids in the order given (the INSERT reads the input by its ordinality);
 * the sides are upserted in (user_id, peer_id) order, the global lock order every chat writer
 * keeps, and the foreign keys' checks (run at the statement's end) see its own messages. Its text
 * is fixed — the batch comes as arrays — so each connection prepares and plans it once
 * (db/database.ts, withNamedStatements), whatever the batch's size.
 */
const postgresBatch: ChatBatchStatement = async (db, rows, onlyContinuing, now) => {
  if (!rows.length) return [];
  const column = <K extends keyof NewChatMessage>(key: K) => rows.map((r) => r[key]);
  const { rows: stored } = await sql<MessageRow>`
    with input as (
      select * from unnest(
        ${column('sender_id')}::int[], ${column('reciver_id')}::int[], ${column('type')}::text[], ${column('content')}::text[],
        ${column('img')}::text[], ${column('client_id')}::text[], ${column('created_at')}::int8[], ${onlyContinuing}::bool[]
      ) with ordinality as i(sender_id, reciver_id, type, content, img, client_id, created_at, only_continuing, n)
    ),
    refused as (
      -- Joins on unique keys (one row each at most), so each check is an index probe per message
      -- whatever the tables' sizes; an OR of EXISTS was planned as a hash of the whole table.
      select 1 from input i
      left join users u on u.id = i.reciver_id
      left join blocks mine on mine.blocker_id = i.sender_id and mine.blocked_id = i.reciver_id
      left join blocks theirs on theirs.blocker_id = i.reciver_id and theirs.blocked_id = i.sender_id
      left join conversations c on i.only_continuing and c.user_id = i.sender_id and c.peer_id = i.reciver_id
      where i.reciver_id = i.sender_id or u.id is null or not (u.role = 'support' or (u.role = 'member' and u.status = ${UserStatus.active}))
         or mine.id is not null or theirs.id is not null
         -- Once someone wrote in a conversation its last message is never unset again (short of
         -- an account's deletion), so a continuation read from this snapshot stays one.
         or (i.only_continuing and c.last_message_id is null)
    ),
    stored as (
      insert into messages (sender_id, reciver_id, type, content, img, client_id, created_at)
      select sender_id, reciver_id, type, content, img, client_id, created_at from input
      where not exists (select 1 from refused)
      order by n
      returning id, sender_id, reciver_id, type, content, img, client_id, created_at
    ),
    sides as (
      select user_id, peer_id, sum(received)::int as received, max(id) as last_message_id, coalesce(max(sent_id), 0) as last_sent_id
      from (
        select sender_id as user_id, reciver_id as peer_id, 0 as received, id, id as sent_id from stored
        union all
        select reciver_id, sender_id, 1, id, null from stored
      ) s
      group by user_id, peer_id
    ),
    settled as (
      insert into conversations as c (user_id, peer_id, unread, last_message_id, last_read_id, cleared_before_id, hidden, updated_at)
      select user_id, peer_id, received, last_message_id, last_sent_id, 0, 0, ${now}::int8 from sides
      order by user_id, peer_id
      on conflict (user_id, peer_id) do update set
        unread = c.unread + excluded.unread,
        last_message_id = greatest(c.last_message_id, excluded.last_message_id),
        last_read_id = greatest(c.last_read_id, excluded.last_read_id),
        hidden = 0,
        updated_at = excluded.updated_at
    )
    select * from stored`.execute(db);
  // Nothing stored: something was refused (an empty batch returned above).
  if (!stored.length) return undefined;
  return inGivenOrder(rows, stored, (m) => `${m.sender_id}:${m.client_id}`);
};

/** The one-statement chat batch where the database has one (PostgreSQL); SQLite writes the portable way. */
export function chatBatchStatement(dialect: DialectName): ChatBatchStatement | undefined {
  return dialect === 'postgres' ? postgresBatch : undefined;
}
