import { z } from 'zod';
import { PendingUserWire } from '../wire/user.js';
import { defineCall, EmptyBody } from './define.js';
import { id } from './fields.js';

export const ApproveBody = z.object({ id: id() });
export type ApproveBody = z.infer<typeof ApproveBody>;

/** The administrator's calls. The console under /admin comes later; these already enforce the role. */
export const pendingUsers = defineCall({ path: '/admin/api/users/pending', body: EmptyBody, answer: z.array(PendingUserWire), access: 'admin' });
export const userApprove = defineCall({ path: '/admin/api/users/approve', body: ApproveBody, answer: z.null(), access: 'admin' });
