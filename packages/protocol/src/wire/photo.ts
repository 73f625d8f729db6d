/** An album photo (docs/product-rules.md §3), with its owner's name and avatar. */
export interface PhotoWire {
  pid: number;
  img: string;
  /** The owner's id. */
  mid: number;
  avatar: string;
  username: string;
  /** Seconds. */
  create_time: number;
}

/** A page of photos, newest first; same paging as trends. */
export interface PhotoPageWire {
  data: PhotoWire[];
  has_more: 0 | 1;
  next_before: number;
}
