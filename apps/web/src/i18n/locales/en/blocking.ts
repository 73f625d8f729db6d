/** Blocking strings (English), merged into the mobile and desktop namespaces under `blocking`. */
const strings = {
  blocking: {
    block: 'Block',
    unblock: 'Unblock',
    blockMember: 'Block {{name}}',
    confirmTitle: 'Block {{name}}?',
    confirmHint:
      'You will no longer see each other in lists, search, profiles or chat, and neither of you can message, mail or like the other. Follows between you end. You can unblock them in Settings › Blocked members.',
    done: '{{name}} is blocked',
    unblockTitle: 'Unblock {{name}}?',
    unblockHint: 'You will see each other again and can get in touch.',
    unblocked: '{{name}} is unblocked',
    listTitle: 'Blocked members',
    listHint: 'Members you blocked cannot see you or contact you, and you do not see them.',
    empty: 'You have not blocked anyone.',
    blockedOn: 'Blocked on {{date}}',
    more: 'Load more',
    failed: 'That did not work, please try again',
  },
};

export default strings;
export type BlockingStrings = typeof strings;
