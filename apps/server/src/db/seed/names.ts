export const FEMALE_NAMES = [
  'Alice', 'Mia', 'Sofia', 'Emma', 'Olivia', 'Chloe', 'Yuki', 'Mei', 'Lina', 'Ana', 'Hana', 'Sara', 'Nora', 'Ines', 'Lea',
  'Zoe', 'Aiko', 'Jia', 'Xin', 'Priya', 'Amara', 'Eva', 'Ivy', 'Luna', 'Maya', 'Nina', 'Rosa', 'Tara', 'Vera', 'Wen',
  'Yara', 'Lucia', 'Elena', 'Ingrid', 'Freya', 'Camila', 'Valentina', 'Isabel', 'Leila', 'Aisha', 'Sakura', 'Minji', 'Jisoo', 'Linh', 'Mai',
];
export const MALE_NAMES = [
  'Bob', 'Liam', 'Noah', 'Lucas', 'Leo', 'Ethan', 'Hiro', 'Wei', 'Jun', 'Omar', 'Ravi', 'Diego', 'Mateo', 'Hugo', 'Felix',
  'Max', 'Kai', 'Ken', 'Tao', 'Arjun', 'Kofi', 'Ivan', 'Marco', 'Luca', 'Jonas', 'Erik', 'Sven', 'Pablo', 'Carlos', 'Andre',
  'Ming', 'Hao', 'Yong', 'Minho', 'Tuan', 'Ali', 'Samir', 'Daniel', 'Adam', 'Oscar', 'Theo', 'Nils', 'Pedro', 'Rafael', 'Tomas',
];
export const COUNTRIES = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'BR', 'MX', 'JP', 'KR', 'CN', 'TW', 'HK', 'SG', 'MY', 'TH', 'VN', 'IN', 'NG', 'ZA', 'EG', 'SE', 'NO', 'DK', 'NL', 'PL', 'TR', 'AR'];
export const SIGNATURES = [
  'Coffee first, then the world.',
  'Looking for good conversations.',
  'Traveller, reader, cook.',
  'Sunsets and long walks [Smile]',
  '生活要有趣一點',
  '喜欢音乐和旅行',
  'Learning Chinese, ask me why!',
  'Dog person. Cat tolerant.',
  'Weekend hiker [Laugh]',
  'Say hi, I reply!',
  '',
];
export const POSTS = [
  'Beautiful morning here [Smile]',
  'Just finished a great book, any recommendations?',
  'Cooking dumplings tonight [cake]',
  'Who else loves rainy days?',
  '今天天氣真好！',
  '周末去爬山了，风景很美 [Laugh]',
  'New city, new friends. Hello everyone!',
  'Happy birthday to me [gift]',
  'Missing the beach already [Cry]',
  'Anyone up for a language exchange?',
];
