/**
 * One message of each kind botbuilder can send, built with CardFactory and MessageFactory as
 * any Bot Framework bot builds them: the cards the sample bot (cardsBot.ts) sends on request.
 */
import { CardFactory, MessageFactory, type Activity, type Attachment, type CardAction } from 'botbuilder-core';

const DOCS = 'https://learn.example.com/bot-service';
const link = (title: string, value: string): CardAction => ({ type: 'openUrl', title, value });

const hero = (): Attachment =>
  CardFactory.heroCard(
    'Contoso Bot Service',
    'Build, test and publish a bot that talks to your customers wherever they are.',
    ['https://images.example.com/cards/hero.png'],
    [link('Get started', `${DOCS}/start`), link('Pricing', `${DOCS}/pricing`), link('Samples', `${DOCS}/samples`)],
  );

const thumbnail = (): Attachment =>
  CardFactory.thumbnailCard(
    'Contoso Docs',
    'Everything about writing, testing and deploying bots.',
    ['https://images.example.com/cards/thumbnail.png'],
    [link('Read the docs', `${DOCS}/docs`), { type: 'imBack', title: 'Show me a hero card', value: 'hero' }],
    { subtitle: 'Your bot, documented' },
  );

const animation = (): Attachment =>
  CardFactory.animationCard('Welcome animation', ['https://media.example.com/cards/welcome.gif'], [link('See more animations', `${DOCS}/animations`)], {
    subtitle: 'A short loop',
    image: { url: 'https://images.example.com/cards/animation-poster.png', alt: 'Welcome' },
  });

const audio = (): Attachment =>
  CardFactory.audioCard('Release notes, read aloud', ['https://media.example.com/cards/release-notes.mp3'], [link('Read them instead', `${DOCS}/release-notes`)], {
    subtitle: 'Three minutes',
    text: 'What is new in this release.',
  });

const video = (): Attachment =>
  CardFactory.videoCard('Build a bot in ten minutes', ['https://media.example.com/cards/ten-minutes.mp4'], [link('Open the tutorial', `${DOCS}/tutorial`)], {
    subtitle: 'A walk-through',
    text: 'From an empty folder to a bot that answers.',
  });

const receipt = (): Attachment =>
  CardFactory.receiptCard({
    title: 'Ada Lovelace',
    facts: [
      { key: 'Order number', value: '1234' },
      { key: 'Payment method', value: 'VISA 5555-****' },
    ],
    items: [
      { title: 'Data transfer', price: '$38.45', quantity: '368', image: { url: 'https://images.example.com/cards/transfer.png' } },
      { title: 'App service', price: '$45.00', quantity: '720', image: { url: 'https://images.example.com/cards/app.png' } },
    ],
    tax: '$7.50',
    total: '$90.95',
    buttons: [link('More information', `${DOCS}/billing`)],
  } as unknown as Parameters<typeof CardFactory.receiptCard>[0]);

const signin = (): Attachment => CardFactory.signinCard('Sign in', 'https://login.example.com/authorize', 'Sign in to see your orders');

const oauth = (): Attachment => CardFactory.oauthCard('contoso-graph', 'Log in to Contoso', 'Log in to link your account', 'https://login.example.com/oauth/start');

const adaptive = (): Attachment =>
  CardFactory.adaptiveCard({
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.5',
    body: [
      { type: 'TextBlock', text: 'Your flight is confirmed', size: 'Large', weight: 'Bolder' },
      {
        type: 'ColumnSet',
        columns: [
          { type: 'Column', items: [{ type: 'TextBlock', text: 'San Francisco (SFO)' }] },
          { type: 'Column', items: [{ type: 'Image', url: 'https://images.example.com/cards/airplane.png' }] },
          { type: 'Column', items: [{ type: 'TextBlock', text: 'Amsterdam (AMS)' }] },
        ],
      },
      { type: 'Container', items: [{ type: 'FactSet', facts: [{ title: 'Passenger', value: 'Ada Lovelace' }, { title: 'Seat', value: '12A' }, { title: 'Departs', value: 'May 6, 10:10' }] }] },
    ],
    actions: [
      { type: 'Action.OpenUrl', title: 'Manage booking', url: 'https://air.example.com/booking/1234' },
      { type: 'Action.Submit', title: 'Check in', data: 'check in' },
    ],
  });

/** The words the customer types, and the message each one gets. */
export const SAMPLE_CARDS: Record<string, () => Partial<Activity>> = {
  hero: () => MessageFactory.attachment(hero()),
  thumbnail: () => MessageFactory.attachment(thumbnail()),
  animation: () => MessageFactory.attachment(animation()),
  audio: () => MessageFactory.attachment(audio()),
  video: () => MessageFactory.attachment(video()),
  receipt: () => MessageFactory.attachment(receipt()),
  signin: () => MessageFactory.attachment(signin()),
  oauth: () => MessageFactory.attachment(oauth()),
  adaptive: () => MessageFactory.attachment(adaptive()),
  carousel: () => MessageFactory.carousel([adaptive(), animation(), audio(), hero(), oauth(), receipt(), signin(), thumbnail(), video()], 'Every card, side by side'),
  list: () => MessageFactory.list([hero(), thumbnail(), receipt()], 'Three cards, one under the other'),
  file: () => MessageFactory.contentUrl('https://files.example.com/manuals/router-manual.pdf', 'application/pdf', 'Router manual.pdf', 'The manual you asked for'),
};
