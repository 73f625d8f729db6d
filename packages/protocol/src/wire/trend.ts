/** A newsfeed item (docs/product-rules.md §3). Types: 0 joined, 1 text/image post, 2 avatar changed, 3 edited profile. */
export interface TrendWire {
  id: number;
  /** The author's id. */
  mid: number;
  username: string;
  avatar: string;
  vip: number;
  sex: number;
  birthday: number;
  type: 0 | 1 | 2 | 3;
  content: string;
  img: string;
  /** 1 when the viewer wrote it (and may delete it). */
  mine: 0 | 1;
  /** Seconds. */
  create_time: number;
}

/** A page of trends, newest first. Ask for the next one with before = next_before while has_more is 1. */
export interface TrendPageWire {
  data: TrendWire[];
  has_more: 0 | 1;
  /** The id to send as `before` for the next page; 0 when there is none. */
  next_before: number;
}
