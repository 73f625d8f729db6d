/** The static legal and help pages of /w/info, keyed by their path. */
const info = {
  menu: 'Information',
  pages: {
    'about-us': {
      title: 'About us',
      lead: 'Kindred is a worldwide social community where adults meet new friends, chat and share their everyday life. MAKE YOUR LIFE MORE INTERESTING.',
      sections: [
        {
          heading: 'Who we are',
          paragraphs: [
            'Since 2011 Kindred has connected members from more than 230 countries and regions. You can browse members, follow the people you like, chat in real time with translation, exchange mails, post photos and news, and send virtual gifts.',
            'Kindred is available in English, simplified Chinese and traditional Chinese, on your computer and on your phone.',
          ],
        },
        {
          heading: 'Adults only',
          paragraphs: ['Kindred is reserved for adults. You must be 18 years or older to register and to use the service.'],
        },
        {
          heading: 'Credits and memberships',
          paragraphs: [
            'Credits (gold coins) pay for virtual gifts and for the translation of messages. All gifts are virtual: nothing is shipped. Prices are in US dollars (USD).',
            'VIP (silver) and SVIP (gold) memberships unlock more features. Every payment is a one-off payment: there is no automatic or recurring renewal.',
          ],
        },
        {
          heading: 'Acknowledgements',
          paragraphs: [
            'Member avatars of the demo community are generated with DiceBear: the "Avataaars" style by Pablo Stanley, licensed under CC BY 4.0, via DiceBear (dicebear.com).',
            'Emoticons and gift pictures are Twemoji graphics by Twitter, Inc. and other contributors, licensed under CC BY 4.0 (creativecommons.org/licenses/by/4.0).',
          ],
        },
      ],
    },
    'contact-us': {
      title: 'Contact us',
      lead: 'We are happy to help. Most questions are answered within one working day.',
      sections: [
        {
          heading: 'Customer service',
          paragraphs: [
            'Signed-in members reach our customer service directly in the chat: the customer service account is always available and marked with a special badge.',
            'You can also write to support@kindred.example. Please use the e-mail address of your account and tell us your username.',
          ],
        },
        {
          heading: 'Payments',
          paragraphs: [
            'For a question about a charge, write to us with the date and the amount in USD. Disputed charges must be reported within 60 days of the payment.',
          ],
        },
        {
          heading: 'Reporting a member',
          paragraphs: ['Use the report button on a member\'s profile for advertising, offensive or illegal behaviour. An administrator reviews every report and notifies you of the result.'],
        },
      ],
    },
    'help-center': {
      title: 'Help center',
      lead: 'Answers to the questions members ask most often.',
      sections: [
        {
          heading: 'Who can join?',
          paragraphs: ['Anyone who is 18 years or older. New accounts may be reviewed by an administrator before they can use every feature.'],
        },
        {
          heading: 'I forgot my password',
          paragraphs: ['Choose "Forgot password?" on the sign-in page and enter your e-mail. We send you a link to choose a new password; it is valid for one hour.'],
        },
        {
          heading: 'What are credits for?',
          paragraphs: [
            'Credits (gold coins) pay for virtual gifts and for translating chat messages. You buy them on the Recharge page; prices are in USD. Gifts are virtual.',
          ],
        },
        {
          heading: 'What do VIP and SVIP bring?',
          paragraphs: [
            'Memberships lift the limits of the free account, for example searching members, reading mails and chatting without limit. A membership is paid once for its whole period and is never renewed automatically; it simply ends on its expiry date.',
          ],
        },
        {
          heading: 'How do refunds work?',
          paragraphs: ['See our refund policy. Refunds usually take more than one week to reach your account.'],
        },
      ],
    },
    'privacy-policy': {
      title: 'Privacy policy',
      lead: 'This policy explains which data Kindred keeps about you and why.',
      sections: [
        {
          heading: 'What we collect',
          paragraphs: [
            'Your profile (username, gender, birthday, country, avatar, signature), your e-mail address, the content you post, your messages and your purchases.',
            'Your birthday is used to make sure every member is 18 or older. Your e-mail address is never shown to other members.',
          ],
        },
        {
          heading: 'Payments',
          paragraphs: [
            'Card payments are processed by our payment provider. Kindred never stores your card number or security code.',
          ],
        },
        {
          heading: 'Your settings',
          paragraphs: [
            'Notification and subscription choices are kept in your browser and are removed when you sign out.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: ['You may ask us at any time for a copy of your data or for the deletion of your account through the contact page.'],
        },
      ],
    },
    refund: {
      title: 'Refund policy',
      lead: 'We want every purchase on Kindred to be clear and fair.',
      sections: [
        {
          heading: 'One-off payments',
          paragraphs: [
            'All payments are one-off payments in US dollars (USD). There is no automatic or recurring renewal: a membership ends on its expiry date unless you buy it again.',
          ],
        },
        {
          heading: 'Virtual goods',
          paragraphs: ['Credits pay for virtual gifts and translation. All gifts are virtual; credits that have been spent cannot be refunded.'],
        },
        {
          heading: 'Disputed charges',
          paragraphs: [
            'If you do not recognise a charge, contact us within 60 days of the payment. Disputed charges reported later cannot be examined.',
            'Accepted refunds are paid back to the original payment method and usually take more than one week to arrive.',
          ],
        },
      ],
    },
    'terms-of-use': {
      title: 'Terms of use',
      lead: 'By registering on Kindred you accept these terms.',
      sections: [
        {
          heading: 'Age',
          paragraphs: ['You must be 18 years or older to register and to use Kindred. Accounts of minors are closed.'],
        },
        {
          heading: 'Behaviour',
          paragraphs: [
            'Be respectful. Advertising, offensive or illegal content is forbidden. Members can report such behaviour and an administrator may suspend the accounts concerned.',
          ],
        },
        {
          heading: 'Credits, gifts and memberships',
          paragraphs: [
            'Prices are in US dollars (USD). Credits (gold coins) pay for gifts and for translation. All gifts are virtual and have no value outside Kindred.',
            'Payments are one-off: there is no automatic or recurring renewal. A paid membership cannot be transferred and expires at the end of its period.',
          ],
        },
        {
          heading: 'Disputes and refunds',
          paragraphs: ['Disputed charges must be reported within 60 days. Refunds usually take more than one week.'],
        },
      ],
    },
  },
};

export default info;
export type InfoStrings = typeof info;
