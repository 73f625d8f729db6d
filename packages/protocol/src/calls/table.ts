import { indexInfo, languageSet, profileUpdate, signatureChange, userInfo, visibilitySet } from './accounts.js';
import { pendingUsers, userApprove } from './admin.js';
import { login, logout, passwordChange, passwordForget, passwordReset, register } from './auth.js';
import type { AnyCall } from './define.js';
import { iLikeList, likeToggle, loveMeList, mutualLikeList } from './likes.js';
import { mailList, mailOpen, mailSend } from './mail.js';
import { memberDetail, memberList, memberWall, newOppositeSexList, onlineList, oppositeSexSearch, recommendList } from './members.js';
import { noticeList, noticeRead } from './notices.js';
import { initData } from './permissions.js';
import { backPhotoDelete, backPhotoRelease, hisPhotos, myPhotos, photoDelete, photoRelease } from './photos.js';
import { translateText } from './translate.js';
import { hisTrends, myTrends, trendDelete, trendFeed, trendRelease } from './trends.js';
import { avatarUpload, imageUpload } from './uploads.js';

/**
 * Every HTTP call of the server, once. The server registers exactly these (a test fails on a route
 * registered around the table, or a call left unregistered); paths are unique in any case.
 */
export const CALLS = [
  login,
  register,
  passwordForget,
  passwordReset,
  passwordChange,
  logout,
  userInfo,
  indexInfo,
  profileUpdate,
  signatureChange,
  visibilitySet,
  languageSet,
  initData,
  imageUpload,
  avatarUpload,
  noticeList,
  noticeRead,
  pendingUsers,
  userApprove,
  mailList,
  mailSend,
  mailOpen,
  translateText,
  memberList,
  onlineList,
  newOppositeSexList,
  memberWall,
  oppositeSexSearch,
  recommendList,
  memberDetail,
  likeToggle,
  iLikeList,
  loveMeList,
  mutualLikeList,
  trendFeed,
  hisTrends,
  myTrends,
  trendRelease,
  trendDelete,
  myPhotos,
  hisPhotos,
  photoRelease,
  photoDelete,
  backPhotoRelease,
  backPhotoDelete,
] as const satisfies readonly AnyCall[];
