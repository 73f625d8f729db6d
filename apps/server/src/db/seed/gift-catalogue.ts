/**
 * The gift catalogue every installation starts with (migration 0008 writes it once; staff change
 * it afterwards). Pictures are Twemoji graphics (CC BY 4.0) rendered offline to WebP by
 * apps/server/scripts/render-gift-images.ts into apps/web/public/static/gifts/, named `<file>.webp`;
 * `emoji` names the Twemoji source. Prices are credits in hundredths.
 */
export interface CatalogueGift {
  file: string;
  emoji: string;
  price: number;
  title: [en: string, zhCN: string, zhTW: string];
  info: [en: string, zhCN: string, zhTW: string];
}

export interface CatalogueCategory {
  name: [en: string, zhCN: string, zhTW: string];
  gifts: CatalogueGift[];
}

export const giftImagePath = (file: string) => `/static/gifts/${file}.webp`;

const g = (file: string, emoji: string, price: number, title: CatalogueGift['title'], info: CatalogueGift['info']): CatalogueGift => ({ file, emoji, price, title, info });

export const GIFT_CATALOGUE: CatalogueCategory[] = [
  {
    name: ['Flowers & Love', '鲜花与爱', '鮮花與愛'],
    gifts: [
      g('rose', '🌹', 100, ['Rose', '玫瑰', '玫瑰'], ['A single red rose to say you care.', '一枝红玫瑰，诉说你的心意。', '一枝紅玫瑰，訴說你的心意。']),
      g('red-heart', '❤️', 100, ['Red Heart', '红心', '紅心'], ['A simple heart, warm and sincere.', '一颗简单的心，温暖而真诚。', '一顆簡單的心，溫暖而真誠。']),
      g('cherry-blossom', '🌸', 150, ['Cherry Blossom', '樱花', '櫻花'], ['Soft petals for a gentle hello.', '柔软的花瓣，温柔地问候。', '柔軟的花瓣，溫柔地問候。']),
      g('tulip', '🌷', 200, ['Tulip', '郁金香', '鬱金香'], ['A bright tulip to light up the day.', '明艳的郁金香，点亮今天。', '明豔的鬱金香，點亮今天。']),
      g('sunflower', '🌻', 200, ['Sunflower', '向日葵', '向日葵'], ['Always facing the sun, like your smile.', '永远向着阳光，像你的笑容。', '永遠向著陽光，像你的笑容。']),
      g('kiss', '💋', 250, ['Kiss', '飞吻', '飛吻'], ['A playful kiss from afar.', '一个俏皮的飞吻。', '一個俏皮的飛吻。']),
      g('love-letter', '💌', 300, ['Love Letter', '情书', '情書'], ['Words from the heart, sealed with love.', '用爱封缄的心里话。', '用愛封緘的心裡話。']),
      g('bouquet', '💐', 500, ['Bouquet', '花束', '花束'], ['A full bouquet of fresh flowers.', '一束盛开的鲜花。', '一束盛開的鮮花。']),
      g('sparkling-heart', '💖', 600, ['Sparkling Heart', '闪耀之心', '閃耀之心'], ['A heart that sparkles just for them.', '只为对方闪耀的心。', '只為對方閃耀的心。']),
    ],
  },
  {
    name: ['Sweets & Drinks', '甜点饮品', '甜點飲品'],
    gifts: [
      g('cookie', '🍪', 80, ['Cookie', '曲奇', '曲奇'], ['A crunchy cookie to share.', '一块香脆的曲奇，一起分享。', '一塊香脆的曲奇，一起分享。']),
      g('strawberry', '🍓', 100, ['Strawberry', '草莓', '草莓'], ['Sweet, red and fresh.', '香甜、鲜红又新鲜。', '香甜、鮮紅又新鮮。']),
      g('doughnut', '🍩', 120, ['Doughnut', '甜甜圈', '甜甜圈'], ['A sweet ring of happiness.', '一圈甜甜的幸福。', '一圈甜甜的幸福。']),
      g('coffee', '☕', 150, ['Coffee', '咖啡', '咖啡'], ['Let us have a coffee together.', '一起喝杯咖啡吧。', '一起喝杯咖啡吧。']),
      g('ice-cream', '🍦', 150, ['Ice Cream', '冰淇淋', '冰淇淋'], ['A cool treat for a warm day.', '炎炎夏日的一份清凉。', '炎炎夏日的一份清涼。']),
      g('chocolate', '🍫', 200, ['Chocolate', '巧克力', '巧克力'], ['Rich chocolate, richer feelings.', '浓浓的巧克力，更浓的情意。', '濃濃的巧克力，更濃的情意。']),
      g('cupcake', '🧁', 250, ['Cupcake', '纸杯蛋糕', '杯子蛋糕'], ['A little cake with a lot of love.', '小小蛋糕，满满爱意。', '小小蛋糕，滿滿愛意。']),
      g('shortcake', '🍰', 300, ['Shortcake', '草莓蛋糕', '草莓蛋糕'], ['A slice of sweetness.', '一块甜蜜。', '一塊甜蜜。']),
      g('wine', '🍷', 600, ['Red Wine', '红酒', '紅酒'], ['A glass of wine for a special evening.', '为特别的夜晚举杯。', '為特別的夜晚舉杯。']),
      g('birthday-cake', '🎂', 800, ['Birthday Cake', '生日蛋糕', '生日蛋糕'], ['Make a wish and blow the candles.', '许个愿，吹蜡烛吧。', '許個願，吹蠟燭吧。']),
      g('champagne', '🥂', 990, ['Champagne', '香槟', '香檳'], ['Cheers to something wonderful.', '为美好干杯。', '為美好乾杯。']),
    ],
  },
  {
    name: ['Celebration', '庆祝', '慶祝'],
    gifts: [
      g('balloon', '🎈', 100, ['Balloon', '气球', '氣球'], ['Float a smile their way.', '让笑容飘向对方。', '讓笑容飄向對方。']),
      g('music', '🎵', 100, ['Melody', '音符', '音符'], ['A little tune just for them.', '一段专属的小旋律。', '一段專屬的小旋律。']),
      g('ribbon', '🎀', 150, ['Ribbon', '蝴蝶结', '蝴蝶結'], ['Tied with care.', '用心系上的蝴蝶结。', '用心繫上的蝴蝶結。']),
      g('party-popper', '🎉', 200, ['Party Popper', '彩炮', '彩炮'], ['Time to celebrate!', '一起来庆祝吧！', '一起來慶祝吧！']),
      g('glowing-star', '🌟', 300, ['Shining Star', '闪亮之星', '閃亮之星'], ['You are a star.', '你就是明星。', '你就是明星。']),
      g('gift-box', '🎁', 500, ['Gift Box', '礼盒', '禮盒'], ['A surprise wrapped with love.', '用爱包装的惊喜。', '用愛包裝的驚喜。']),
      g('fireworks', '🎆', 1200, ['Fireworks', '烟花', '煙火'], ['Light up the night sky.', '点亮夜空。', '點亮夜空。']),
      g('trophy', '🏆', 1500, ['Trophy', '奖杯', '獎盃'], ['For being the best.', '送给最棒的你。', '送給最棒的你。']),
    ],
  },
  {
    name: ['Cute Friends', '萌宠', '萌寵'],
    gifts: [
      g('butterfly', '🦋', 200, ['Butterfly', '蝴蝶', '蝴蝶'], ['Light as a flutter in the heart.', '轻盈如心中的悸动。', '輕盈如心中的悸動。']),
      g('puppy', '🐶', 400, ['Puppy', '小狗', '小狗'], ['A loyal little friend.', '忠诚的小伙伴。', '忠誠的小夥伴。']),
      g('kitten', '🐱', 400, ['Kitten', '小猫', '小貓'], ['Purrs and cuddles.', '呼噜噜，求抱抱。', '呼嚕嚕，求抱抱。']),
      g('bunny', '🐰', 400, ['Bunny', '小兔', '小兔'], ['Hop hop, hello!', '蹦蹦跳跳来问好！', '蹦蹦跳跳來問好！']),
      g('penguin', '🐧', 400, ['Penguin', '企鹅', '企鵝'], ['A cool friend with a warm heart.', '外表酷酷，内心暖暖。', '外表酷酷，內心暖暖。']),
      g('panda', '🐼', 500, ['Panda', '熊猫', '熊貓'], ['A big, soft, lazy hug.', '一个软软的大拥抱。', '一個軟軟的大擁抱。']),
      g('teddy-bear', '🧸', 600, ['Teddy Bear', '泰迪熊', '泰迪熊'], ['Someone to hold when you are apart.', '分开时也有人陪伴。', '分開時也有人陪伴。']),
      g('unicorn', '🦄', 800, ['Unicorn', '独角兽', '獨角獸'], ['Rare and magical, like them.', '稀有又神奇，就像对方一样。', '稀有又神奇，就像對方一樣。']),
    ],
  },
  {
    name: ['Luxury', '奢华', '奢華'],
    gifts: [
      g('handbag', '👜', 3000, ['Handbag', '手提包', '手提包'], ['Style that goes everywhere.', '随身的时尚。', '隨身的時尚。']),
      g('crown', '👑', 5000, ['Crown', '皇冠', '皇冠'], ['For the king or queen of your heart.', '献给你心中的王者。', '獻給你心中的王者。']),
      g('ring', '💍', 6600, ['Ring', '戒指', '戒指'], ['A promise that shines.', '闪耀的承诺。', '閃耀的承諾。']),
      g('diamond', '💎', 8800, ['Diamond', '钻石', '鑽石'], ['Forever brilliant.', '永恒璀璨。', '永恆璀璨。']),
      g('rocket', '🚀', 9900, ['Rocket', '火箭', '火箭'], ['To the moon and back.', '飞向月球再回来。', '飛向月球再回來。']),
      g('sports-car', '🚗', 12000, ['Sports Car', '跑车', '跑車'], ['Let us go for a ride.', '一起去兜风吧。', '一起去兜風吧。']),
      g('yacht', '🛥️', 20000, ['Yacht', '游艇', '遊艇'], ['Sail away together.', '一起扬帆远航。', '一起揚帆遠航。']),
      g('castle', '🏰', 52000, ['Castle', '城堡', '城堡'], ['A castle for someone special.', '为特别的人献上一座城堡。', '為特別的人獻上一座城堡。']),
    ],
  },
];
