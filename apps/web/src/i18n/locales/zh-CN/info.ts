import type { InfoStrings } from '../en/info';

const info: InfoStrings = {
  menu: '信息',
  pages: {
    'about-us': {
      title: '关于我们',
      lead: 'Kindred 是一个面向全球的社交社区，成年人在这里结识新朋友、聊天、分享日常生活。让生活更有趣（MAKE YOUR LIFE MORE INTERESTING）。',
      sections: [
        {
          heading: '我们是谁',
          paragraphs: [
            '自 2011 年起，Kindred 已连接来自 230 多个国家和地区的会员。您可以浏览会员、关注喜欢的人、使用翻译实时聊天、收发邮件、发布照片和动态，以及赠送虚拟礼物。',
            'Kindred 提供英文、简体中文和繁体中文界面，电脑和手机均可使用。',
          ],
        },
        {
          heading: '仅限成年人',
          paragraphs: ['Kindred 仅面向成年人。您必须年满 18 周岁才能注册和使用本服务。'],
        },
        {
          heading: '金币与会员',
          paragraphs: [
            '金币用于购买虚拟礼物和翻译消息。所有礼物均为虚拟物品，不会寄送实物。价格以美元（USD）计。',
            'VIP（白银）和 SVIP（黄金）会员可解锁更多功能。所有付款均为一次性付款，不会自动续费或定期扣款。',
          ],
        },
        {
          heading: '致谢',
          paragraphs: ['演示社区的会员头像由 DiceBear 生成：采用 Pablo Stanley 设计的 “Avataaars” 风格，依据 CC BY 4.0 许可，经由 DiceBear（dicebear.com）提供。', '表情与礼物图片来自 Twemoji，由 Twitter, Inc. 及其他贡献者创作，依据 CC BY 4.0 许可（creativecommons.org/licenses/by/4.0）。'],
        },
      ],
    },
    'contact-us': {
      title: '联系我们',
      lead: '我们乐意为您提供帮助。大多数问题会在一个工作日内得到答复。',
      sections: [
        {
          heading: '客服',
          paragraphs: [
            '已登录的会员可以直接在聊天中联系客服：客服账户随时可用，并带有特殊标识。',
            '您也可以发送邮件至 support@kindred.example。请使用账户绑定的邮箱，并告知您的用户名。',
          ],
        },
        {
          heading: '付款',
          paragraphs: ['如对某笔扣款有疑问，请告知付款日期和美元金额。有争议的扣款必须在付款后 60 天内提出。'],
        },
        {
          heading: '举报会员',
          paragraphs: ['如遇广告、冒犯或违法行为，请使用会员资料页上的举报按钮。管理员会审核每一条举报，并将处理结果通知您。'],
        },
      ],
    },
    'help-center': {
      title: '帮助中心',
      lead: '会员最常问的问题解答。',
      sections: [
        {
          heading: '谁可以加入？',
          paragraphs: ['任何年满 18 周岁的人。新账户可能需要经管理员审核后才能使用全部功能。'],
        },
        {
          heading: '我忘记了密码',
          paragraphs: ['在登录页选择“忘记密码？”并输入您的邮箱。我们会发送一个设置新密码的链接，一小时内有效。'],
        },
        {
          heading: '金币有什么用？',
          paragraphs: ['金币用于购买虚拟礼物和翻译聊天消息。您可以在“充值”页面购买，价格以美元计。礼物均为虚拟物品。'],
        },
        {
          heading: 'VIP 和 SVIP 有什么好处？',
          paragraphs: ['会员可解除免费账户的限制，例如搜索会员、阅读邮件和无限聊天。会员按整个期限一次性付费，绝不会自动续费，到期即自动结束。'],
        },
        {
          heading: '如何退款？',
          paragraphs: ['请参阅我们的退款政策。退款通常需要一周以上才能到账。'],
        },
      ],
    },
    'privacy-policy': {
      title: '隐私政策',
      lead: '本政策说明 Kindred 保存了您的哪些数据以及原因。',
      sections: [
        {
          heading: '我们收集的信息',
          paragraphs: [
            '您的资料（用户名、性别、生日、国家、头像、签名）、邮箱地址、您发布的内容、您的消息以及购买记录。',
            '您的生日用于确保每位会员都已年满 18 周岁。您的邮箱不会展示给其他会员。',
          ],
        },
        {
          heading: '付款',
          paragraphs: ['银行卡付款由我们的支付服务商处理。Kindred 从不保存您的卡号或安全码。'],
        },
        {
          heading: '您的设置',
          paragraphs: ['通知和订阅选项保存在您的浏览器中，退出登录时会被清除。'],
        },
        {
          heading: '您的权利',
          paragraphs: ['您可以随时通过联系页面要求获取您的数据副本或删除您的账户。'],
        },
      ],
    },
    refund: {
      title: '退款政策',
      lead: '我们希望 Kindred 上的每一笔购买都清楚、公平。',
      sections: [
        {
          heading: '一次性付款',
          paragraphs: ['所有付款均为以美元（USD）计价的一次性付款，不会自动续费或定期扣款：会员到期即结束，除非您再次购买。'],
        },
        {
          heading: '虚拟商品',
          paragraphs: ['金币用于购买虚拟礼物和翻译。所有礼物均为虚拟物品；已消费的金币不予退还。'],
        },
        {
          heading: '争议扣款',
          paragraphs: ['如发现无法识别的扣款，请在付款后 60 天内联系我们。逾期提出的争议扣款将无法处理。', '获批的退款将退回原付款方式，通常需要一周以上才能到账。'],
        },
      ],
    },
    'terms-of-use': {
      title: '使用条款',
      lead: '在 Kindred 注册即表示您接受以下条款。',
      sections: [
        {
          heading: '年龄',
          paragraphs: ['您必须年满 18 周岁才能注册和使用 Kindred。未成年人的账户将被关闭。'],
        },
        {
          heading: '行为规范',
          paragraphs: ['请互相尊重。禁止发布广告、冒犯或违法内容。会员可以举报此类行为，管理员可能会暂停相关账户。'],
        },
        {
          heading: '金币、礼物与会员',
          paragraphs: [
            '价格以美元（USD）计。金币用于购买礼物和翻译。所有礼物均为虚拟物品，在 Kindred 之外没有价值。',
            '付款均为一次性付款，不会自动续费或定期扣款。付费会员资格不可转让，并在期满时失效。',
          ],
        },
        {
          heading: '争议与退款',
          paragraphs: ['有争议的扣款必须在 60 天内提出。退款通常需要一周以上。'],
        },
      ],
    },
  },
};

export default info;
