import type { InfoStrings } from '../en/info';

const info: InfoStrings = {
  menu: '資訊',
  pages: {
    'about-us': {
      title: '關於我們',
      lead: 'Kindred 是一個面向全球的社交社群，成年人在這裡結識新朋友、聊天、分享日常生活。讓生活更有趣（MAKE YOUR LIFE MORE INTERESTING）。',
      sections: [
        {
          heading: '我們是誰',
          paragraphs: [
            '自 2011 年起，Kindred 已連結來自 230 多個國家和地區的會員。您可以瀏覽會員、追蹤喜歡的人、使用翻譯即時聊天、收發郵件、發布照片和動態，以及贈送虛擬禮物。',
            'Kindred 提供英文、簡體中文和繁體中文介面，電腦和手機皆可使用。',
          ],
        },
        {
          heading: '僅限成年人',
          paragraphs: ['Kindred 僅面向成年人。您必須年滿 18 歲才能註冊和使用本服務。'],
        },
        {
          heading: '金幣與會員',
          paragraphs: [
            '金幣用於購買虛擬禮物和翻譯訊息。所有禮物皆為虛擬物品，不會寄送實體。價格以美元（USD）計。',
            'VIP（白銀）和 SVIP（黃金）會員可解鎖更多功能。所有付款皆為一次性付款，不會自動續訂或定期扣款。',
          ],
        },
        {
          heading: '致謝',
          paragraphs: ['示範社群的會員頭像由 DiceBear 產生：採用 Pablo Stanley 設計的「Avataaars」風格，依據 CC BY 4.0 授權，經由 DiceBear（dicebear.com）提供。', '表情與禮物圖片來自 Twemoji，由 Twitter, Inc. 及其他貢獻者創作，依據 CC BY 4.0 授權（creativecommons.org/licenses/by/4.0）。'],
        },
      ],
    },
    'contact-us': {
      title: '聯絡我們',
      lead: '我們樂意為您提供協助。大多數問題會在一個工作天內得到回覆。',
      sections: [
        {
          heading: '客服',
          paragraphs: [
            '已登入的會員可以直接在聊天中聯絡客服：客服帳戶隨時可用，並帶有特殊標記。',
            '您也可以寄信至 support@kindred.example。請使用帳戶綁定的信箱，並告知您的用戶名。',
          ],
        },
        {
          heading: '付款',
          paragraphs: ['如對某筆扣款有疑問，請告知付款日期和美元金額。有爭議的扣款必須在付款後 60 天內提出。'],
        },
        {
          heading: '檢舉會員',
          paragraphs: ['如遇廣告、冒犯或違法行為，請使用會員資料頁上的檢舉按鈕。管理員會審核每一則檢舉，並將處理結果通知您。'],
        },
      ],
    },
    'help-center': {
      title: '幫助中心',
      lead: '會員最常問的問題解答。',
      sections: [
        {
          heading: '誰可以加入？',
          paragraphs: ['任何年滿 18 歲的人。新帳戶可能需要經管理員審核後才能使用全部功能。'],
        },
        {
          heading: '我忘記了密碼',
          paragraphs: ['在登入頁選擇「忘記密碼？」並輸入您的信箱。我們會寄送一個設定新密碼的連結，一小時內有效。'],
        },
        {
          heading: '金幣有什麼用？',
          paragraphs: ['金幣用於購買虛擬禮物和翻譯聊天訊息。您可以在「儲值」頁面購買，價格以美元計。禮物皆為虛擬物品。'],
        },
        {
          heading: 'VIP 和 SVIP 有什麼好處？',
          paragraphs: ['會員可解除免費帳戶的限制，例如搜尋會員、閱讀郵件和無限聊天。會員按整個期間一次性付費，絕不會自動續訂，到期即自動結束。'],
        },
        {
          heading: '如何退款？',
          paragraphs: ['請參閱我們的退款政策。退款通常需要一週以上才能入帳。'],
        },
      ],
    },
    'privacy-policy': {
      title: '隱私權政策',
      lead: '本政策說明 Kindred 保存了您的哪些資料以及原因。',
      sections: [
        {
          heading: '我們收集的資訊',
          paragraphs: [
            '您的資料（用戶名、性別、生日、國家、頭像、簽名）、信箱地址、您發布的內容、您的訊息以及購買紀錄。',
            '您的生日用於確保每位會員皆已年滿 18 歲。您的信箱不會顯示給其他會員。',
          ],
        },
        {
          heading: '付款',
          paragraphs: ['信用卡付款由我們的金流服務商處理。Kindred 從不保存您的卡號或安全碼。'],
        },
        {
          heading: '您的設定',
          paragraphs: ['通知和訂閱選項保存在您的瀏覽器中，登出時會被清除。'],
        },
        {
          heading: '您的權利',
          paragraphs: ['您可以隨時透過聯絡頁面要求取得您的資料副本或刪除您的帳戶。'],
        },
      ],
    },
    refund: {
      title: '退款政策',
      lead: '我們希望 Kindred 上的每一筆購買都清楚、公平。',
      sections: [
        {
          heading: '一次性付款',
          paragraphs: ['所有付款皆為以美元（USD）計價的一次性付款，不會自動續訂或定期扣款：會員到期即結束，除非您再次購買。'],
        },
        {
          heading: '虛擬商品',
          paragraphs: ['金幣用於購買虛擬禮物和翻譯。所有禮物皆為虛擬物品；已消費的金幣恕不退還。'],
        },
        {
          heading: '爭議扣款',
          paragraphs: ['如發現無法辨識的扣款，請在付款後 60 天內聯絡我們。逾期提出的爭議扣款將無法處理。', '核准的退款將退回原付款方式，通常需要一週以上才能入帳。'],
        },
      ],
    },
    'terms-of-use': {
      title: '使用條款',
      lead: '在 Kindred 註冊即表示您接受以下條款。',
      sections: [
        {
          heading: '年齡',
          paragraphs: ['您必須年滿 18 歲才能註冊和使用 Kindred。未成年人的帳戶將被關閉。'],
        },
        {
          heading: '行為規範',
          paragraphs: ['請互相尊重。禁止發布廣告、冒犯或違法內容。會員可以檢舉此類行為，管理員可能會停權相關帳戶。'],
        },
        {
          heading: '金幣、禮物與會員',
          paragraphs: [
            '價格以美元（USD）計。金幣用於購買禮物和翻譯。所有禮物皆為虛擬物品，在 Kindred 之外沒有價值。',
            '付款皆為一次性付款，不會自動續訂或定期扣款。付費會員資格不可轉讓，並在期滿時失效。',
          ],
        },
        {
          heading: '爭議與退款',
          paragraphs: ['有爭議的扣款必須在 60 天內提出。退款通常需要一週以上。'],
        },
      ],
    },
  },
};

export default info;
