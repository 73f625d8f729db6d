import { OPT, seesThroughInvisible } from '@kindred/protocol';

/** `is_yin` 0: the member is invisible (1: visible). */
const INVISIBLE = 0;

/**
 * Whether a presence frame (kind 4) about a member must not reach this viewer at all. Connecting
 * and disconnecting (opt 100) while invisible changes nothing the viewer may see, so the frame is
 * withheld; switching visibility (opt 9) is a change the viewer does see (online ↔ offline).
 */
export function presenceHidden(viewerSex: number, event: { opt: number; isYin: number }): boolean {
  return event.opt === OPT.init && event.isYin === INVISIBLE && !seesThroughInvisible(viewerSex);
}
