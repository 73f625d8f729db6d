import { InitDataWire } from '../wire/user.js';
import { defineCall, EmptyBody } from './define.js';

/** The permission matrix and the support account; pending accounts need it for their screen too. */
export const initData = defineCall({ path: '/member/index/initdata', body: EmptyBody, answer: InitDataWire, access: 'member', allowPending: true });
