import type { BlockingStrings } from '../en/blocking';

/** Blocking strings (繁體中文), merged into the mobile and desktop namespaces under `blocking`. */
const strings: BlockingStrings = {
  blocking: {
    block: '封鎖',
    unblock: '解除封鎖',
    blockMember: '封鎖 {{name}}',
    confirmTitle: '封鎖 {{name}}？',
    confirmHint: '你們將不再在列表、搜尋、個人資料和聊天中看到彼此，雙方都無法再給對方傳訊息、寄郵件或按讚，彼此的關注也會取消。你可以在 設定 › 已封鎖的會員 中解除封鎖。',
    done: '已封鎖 {{name}}',
    unblockTitle: '解除封鎖 {{name}}？',
    unblockHint: '你們將重新看到彼此，並可以再次聯絡。',
    unblocked: '已解除封鎖 {{name}}',
    listTitle: '已封鎖的會員',
    listHint: '被你封鎖的會員看不到你，也無法聯絡你；你也不會看到他們。',
    empty: '你還沒有封鎖任何人。',
    blockedOn: '封鎖於 {{date}}',
    more: '載入更多',
    failed: '操作失敗，請重試',
  },
};

export default strings;
