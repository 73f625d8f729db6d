/**
 * Paths of the calls a home's first screen makes, without their schemas: the web entry starts them
 * before any schema (zod) is loaded (apps/web/src/api/early-calls.ts). The calls' definitions use
 * these same names.
 */
export const HOME_CALL_PATHS = {
  userInfo: '/member/index/userinfo',
  recommend: '/member/index/recommend',
  memberWall: '/member/index/memberwall',
  newOppositeSex: '/member/index/new_opposite_sex',
} as const;
