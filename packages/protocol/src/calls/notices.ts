import { z } from 'zod';
import { NoticeListWire } from '../wire/notice.js';
import { defineCall } from './define.js';
import { id, int } from './fields.js';

export const NoticeListBody = z.object({ status: int(0, 1).optional(), limit: int(1, 50).default(5) });
export type NoticeListBody = z.infer<typeof NoticeListBody>;

export const UpNoticeBody = z.object({ id: id() });
export type UpNoticeBody = z.infer<typeof UpNoticeBody>;

export const noticeList = defineCall({ path: '/member/index/senotice', body: NoticeListBody, answer: NoticeListWire, access: 'member' });
export const noticeRead = defineCall({ path: '/member/index/upnotice', body: UpNoticeBody, answer: z.null(), access: 'member' });
