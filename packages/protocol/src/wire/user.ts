import type { Authority } from '../permissions.js';

/** The member as docs/product-rules.md §3 names it. Times: birthday in ms, expiries and last login in s. */
export interface UserWire {
  token?: string;
  id: number;
  username: string;
  avatar: string;
  sex: number;
  gender: number;
  birthday: number;
  email: string;
  country: string;
  vip: number;
  signature: string;
  /** Credits with two decimals, as a number. */
  amount: number;
  invitation_code: string;
  newfeedcount: number;
  overduedate_1: number;
  overduedate_2: number;
  status: number;
  is_yin: number;
  is_online: number;
  is_auth: number;
  last_login_time: number;
  lang: string;
  role: 'member' | 'support' | 'admin';
}

export interface ServiceAccountWire {
  id: number;
  username: string;
  avatar: string;
}

export interface InitDataWire {
  authority: Authority;
  service: ServiceAccountWire;
}

export interface UploadWire {
  url: string;
}

export interface NoticeWire {
  id: number;
  type: 'gift' | 'report';
  status: 0 | 1;
  create_time: number;
  content: string;
  result?: string;
  gift?: { givername: string; cid: number; gid: number; path: string };
}

export interface PendingUserWire {
  id: number;
  username: string;
  email: string;
  sex: number;
  birthday: number;
  country: string;
  create_time: number;
}
