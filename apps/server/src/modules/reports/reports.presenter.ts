import { maskEmail, maskUsername, type ReportWire } from '@kindred/protocol';
import type { ReportWithMember } from './reports.repository.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * "Reports I made" (docs/product-rules.md, "Reports"): the reported member's id and avatar (the
 * reporter knows whom they reported and may open the profile), the name masked as §9 says, the
 * e-mail the reporter gave masked, and the administrator's result once there is one.
 */
export function presentMyReport(row: ReportWithMember): ReportWire {
  return {
    id: row.id,
    type: row.type,
    userid: row.reported_id,
    avatar: row.member_avatar,
    username: maskUsername(row.member_username),
    create_time: seconds(row.created_at),
    email: maskEmail(row.email),
    content: row.content,
    img: row.img,
    status: row.status,
    result: row.result,
  };
}

/**
 * "Reports against me": the reporter stays anonymous. No id and no avatar (either would name
 * them), the name and e-mail masked; what was reported (type, text, picture) and whether it is
 * still open are shown, the administrator's answer to the reporter is not.
 */
export function presentReportAgainstMe(row: ReportWithMember): ReportWire {
  return {
    id: row.id,
    type: row.type,
    userid: 0,
    avatar: '',
    username: maskUsername(row.member_username),
    create_time: seconds(row.created_at),
    email: maskEmail(row.email),
    content: row.content,
    img: row.img,
    status: row.status,
    result: '',
  };
}
