/**
 * A member as another member sees them (the member card of docs/product-rules.md §3 plus the profile extras).
 * `is_online` is already what this viewer may see: for non-female viewers a member in invisible
 * mode answers 0 (docs/product-rules.md §4), so clients can show it as is (isShownOnline agrees).
 * `last_login_time` (seconds) is the last time the member was active; it is 0 unless the viewer may
 * see it (showsLastActive: female viewers, members not shown online).
 */
export interface MemberCardWire {
  id: number;
  avatar: string;
  username: string;
  /** Level in force (0 free, 1 silver, 2 gold). */
  vip: number;
  sex: number;
  /** Milliseconds. */
  birthday: number;
  is_online: 0 | 1;
  is_yin: 0 | 1;
  /** 1 when the viewer likes (follows) this member. */
  is_like: 0 | 1;
  country: string;
  signature: string;
  is_auth: 0 | 1;
  last_login_time: number;
}

/** One page of a member list: data.data, data.user.vip and data.last_page are the spec's. */
export interface MemberPageWire {
  data: MemberCardWire[];
  /** The viewer's own level in force: the client offers "more" or the upgrade page with it. */
  user: { vip: number };
  page: number;
  last_page: number;
  total: number;
}

export interface BackPhotoWire {
  id: number;
  img: string;
}

/** /member/index/userdetail. */
export interface MemberDetailWire extends MemberCardWire {
  /** How many members like this one. */
  likecount: number;
  /** Newest first (at most LIMITS.backphotosShown). */
  backphotos: BackPhotoWire[];
  /** How many trends this member has. */
  newfeedcount: number;
}

/** /member/like/like: the state after the toggle; msg is 'follow' or 'cancel follow'. */
export interface LikeToggleWire {
  is_like: 0 | 1;
  likecount: number;
}

/** What /member/backphoto/released and /deletephoto answer: the member's backgrounds afterwards. */
export interface BackPhotosWire {
  backphotos: BackPhotoWire[];
}
