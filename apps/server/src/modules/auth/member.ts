import type { UserRow } from '../../db/schema.js';

/** The signed-in caller: the user row as of this request, the level in force and the session. */
export interface Member {
  id: number;
  username: string;
  sex: number;
  role: UserRow['role'];
  status: number;
  vip: 0 | 1 | 2;
  sessionId: number;
  user: UserRow;
}
