import type { BlockingStrings } from '../en/blocking';

/** Blocking strings (简体中文), merged into the mobile and desktop namespaces under `blocking`. */
const strings: BlockingStrings = {
  blocking: {
    block: '屏蔽',
    unblock: '解除屏蔽',
    blockMember: '屏蔽 {{name}}',
    confirmTitle: '屏蔽 {{name}}？',
    confirmHint: '你们将不再在列表、搜索、资料页和聊天中看到彼此，双方都无法再给对方发消息、发邮件或点赞，彼此的关注也会取消。你可以在 设置 › 已屏蔽的会员 中解除屏蔽。',
    done: '已屏蔽 {{name}}',
    unblockTitle: '解除屏蔽 {{name}}？',
    unblockHint: '你们将重新看到彼此，并可以再次联系。',
    unblocked: '已解除屏蔽 {{name}}',
    listTitle: '已屏蔽的会员',
    listHint: '被你屏蔽的会员看不到你，也无法联系你；你也不会看到他们。',
    empty: '你还没有屏蔽任何人。',
    blockedOn: '屏蔽于 {{date}}',
    more: '加载更多',
    failed: '操作失败，请重试',
  },
};

export default strings;
