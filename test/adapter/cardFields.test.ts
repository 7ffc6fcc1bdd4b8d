/**
 * N8: every card of Microsoft's card sample shapes (06.using-cards: hero and thumbnail with one
 * link, animation, audio with its image as a string and as {url}, video, receipt, adaptive,
 * OAuth, sign-in, and all of them in a carousel), built with botbuilder's CardFactory, goes
 * through the adapter's mapping; each input field (titles, subtitles, texts, every button's
 * label and value, every image in either form, media urls, facts, links) is looked for in the
 * hub messages. A card counts "whole" (the card metric) only when every field is there; a
 * field that is not is reported among the card's losses, by name.
 */
import { expect } from 'chai';
import { CardFactory, MessageFactory, type Activity, type Attachment } from 'botbuilder-core';
import { mapActivity } from '../../src/adapter/hubMessagesFromActivity.js';

const DOCS = 'https://learn.example.com/bot-service';
const address = { conversationId: 'conv-n8', senderType: 'custom_bot' as const, senderId: 'bot' };

/** The sample's shapes, with our own words and links. */
const SHAPES: Record<string, () => Attachment> = {
  hero: () => CardFactory.heroCard('Bot Service hero card', CardFactory.images(['https://img.example.com/hero.jpg']), CardFactory.actions([{ type: 'openUrl', title: 'Get started', value: `${DOCS}/start` }])),
  thumbnail: () =>
    CardFactory.thumbnailCard('Bot Service thumbnail card', [{ url: 'https://img.example.com/thumb.png' }], [{ type: 'openUrl', title: 'Read the guide', value: `${DOCS}/guide` }], {
      subtitle: 'Your bots, wherever your users are talking.',
      text: 'Build and connect bots that talk to your users naturally.',
    }),
  animation: () => CardFactory.animationCard('Bot Service animation', [{ url: 'https://media.example.com/loop.gif' }], [], { subtitle: 'Animation card' }),
  audioImageString: () =>
    CardFactory.audioCard('The audio card', ['https://media.example.com/voice.wav'], CardFactory.actions([{ type: 'openUrl', title: 'Read more', value: `${DOCS}/audio` }]), {
      subtitle: 'Episode five',
      text: 'A line of dialogue, read aloud.',
      // The sample's JavaScript gives a string, which botbuilder's typings do not allow.
      image: 'https://img.example.com/poster.jpg' as never,
    }),
  audioImageObject: () =>
    CardFactory.audioCard('The audio card again', ['https://media.example.com/voice2.wav'], [{ type: 'openUrl', title: 'Read on', value: `${DOCS}/audio2` }], {
      subtitle: 'Episode six',
      image: { url: 'https://img.example.com/poster2.jpg' } as never,
    }),
  video: () =>
    CardFactory.videoCard('A championship intro', [{ url: 'https://media.example.com/intro.mp4' }], [{ type: 'openUrl', title: 'Learn more', value: `${DOCS}/video` }], {
      subtitle: 'by the organisers',
      text: 'Students build software to solve problems.',
    }),
  receipt: () =>
    CardFactory.receiptCard({
      title: 'Jane Doe',
      facts: [
        { key: 'Order number', value: '1234' },
        { key: 'Payment method', value: 'VISA 5555-****' },
      ],
      items: [
        { title: 'Data transfer', price: '$38.45', quantity: '368', image: { url: 'https://img.example.com/transfer.png' } },
        { title: 'App service', price: '$45.00', quantity: '720', image: { url: 'https://img.example.com/app.png' } },
      ],
      tax: '$7.50',
      total: '$90.95',
      buttons: [{ type: 'openUrl', title: 'More information', value: `${DOCS}/pricing`, image: 'https://img.example.com/info.png' }],
    } as unknown as Parameters<typeof CardFactory.receiptCard>[0]),
  adaptive: () =>
    CardFactory.adaptiveCard({
      type: 'AdaptiveCard',
      version: '1.0',
      body: [
        { type: 'TextBlock', text: 'Passengers', weight: 'bolder' },
        { type: 'TextBlock', text: 'Sarah Hum' },
        { type: 'Image', url: 'https://img.example.com/airplane.png' },
        { type: 'FactSet', facts: [{ title: 'Seat', value: '12A' }] },
      ],
      actions: [{ type: 'Action.OpenUrl', title: 'Manage', url: 'https://air.example.com/manage' }],
    }),
  oauth: () => CardFactory.oauthCard('OAuth connection', 'Sign In', 'BotFramework OAuth Card'),
  signin: () => CardFactory.signinCard('Sign in', 'https://login.example.com', 'BotFramework Sign in Card'),
};

/** Keys whose string values are what a card shows or does; the rest (type names, sizes, schema) are not fields. */
const FIELD_KEYS = new Set(['title', 'subtitle', 'text', 'value', 'url', 'image', 'key', 'price', 'quantity', 'tax', 'vat', 'total', 'data', 'altText']);
/** Not shown to anyone: an OAuth card's connection name is the bot's own setting. */
const NOT_SHOWN = new Set(['connectionName']);

/** Every input field of a card's content: its path and its text. */
function fieldsOfCard(content: unknown, path = ''): { path: string; value: string }[] {
  if (Array.isArray(content)) return content.flatMap((v, i) => fieldsOfCard(v, `${path}[${i}]`));
  if (content === null || typeof content !== 'object') return [];
  return Object.entries(content).flatMap(([key, v]) => {
    if (NOT_SHOWN.has(key)) return [];
    const here = path ? `${path}.${key}` : key;
    if ((typeof v === 'string' || typeof v === 'number') && FIELD_KEYS.has(key) && String(v).trim() !== '') return [{ path: here, value: String(v) }];
    return fieldsOfCard(v, here);
  });
}

interface Checked {
  name: string;
  missing: string[];
  whole: boolean;
  losses: string[];
}

/** Maps an activity and checks each attachment's fields against the hub messages. */
function check(activity: Partial<Activity>, names: string[]): Checked[] {
  const mapped = mapActivity(activity as never, address);
  const carried = JSON.stringify(mapped.messages.map((m) => m.content));
  return (activity.attachments ?? []).map((attachment, index) => {
    const dropped = fieldsOfCard(attachment.content).filter((f) => !carried.includes(JSON.stringify(f.value).slice(1, -1)));
    const losses = mapped.losses.filter((l) => l.index === index).flatMap((l) => l.dropped);
    // Each dropped field is named among the losses: an image as "image", a button's as its button, else its key.
    for (const f of dropped) {
      const key = f.path.split('.').pop()!.replace(/\[\d+\]$/, '');
      const word = /image/i.test(f.path) ? 'image' : /buttons|actions/.test(f.path) ? 'button|action' : key === 'url' || key === 'value' ? 'link|data' : key;
      expect(losses.join('; '), `${names[index] ?? index}: ${f.path} dropped without its name`).to.match(new RegExp(word, 'i'));
    }
    return { name: names[index], missing: dropped.map((f) => `${f.path}=${f.value}`), whole: losses.length === 0, losses };
  });
}

describe('[N8] cards checked field by field (CardFactory, the sample shapes)', () => {
  for (const [name, make] of Object.entries(SHAPES)) {
    it(`[N8] ${name}: whole only when every field reaches the hub; what does not is reported by name`, () => {
      const [card] = check(MessageFactory.attachment(make()), [name]);
      expect(card.whole, `${name}: whole with ${card.missing.join(', ')} missing`).to.equal(card.missing.length === 0);
    });
  }

  it('[N8] the known losses: the hero and thumbnail links keep their button label, the audio card its image in either form', () => {
    const cards = check(MessageFactory.carousel(['hero', 'thumbnail', 'audioImageString', 'audioImageObject'].map((n) => SHAPES[n]())), []);
    for (const card of cards) expect(card.missing, JSON.stringify(card)).to.deep.equal([]);
    const one = (n: string) => check(MessageFactory.attachment(SHAPES[n]()), [n])[0];
    for (const n of ['hero', 'thumbnail', 'audioImageString', 'audioImageObject', 'video', 'animation']) {
      expect(one(n), n).to.deep.include({ missing: [], whole: true });
    }
  });

  it('[N8] what cannot be carried is reported with the field: receipt item images, the OAuth link, an adaptive card', () => {
    const receipt = check(MessageFactory.attachment(SHAPES.receipt()), ['receipt'])[0];
    expect(receipt.missing.every((m) => /image/.test(m)), receipt.missing.join(', ')).to.equal(true);
    expect(receipt.losses.join(' ')).to.match(/image/);
    const oauth = check(MessageFactory.attachment(SHAPES.oauth()), ['oauth'])[0];
    expect(oauth.whole).to.equal(false);
    expect(oauth.losses.join(' ')).to.match(/sign-in link/);
  });

  it('[N8] the carousel of every shape: each card whole exactly when none of its fields is missing', () => {
    const names = Object.keys(SHAPES);
    const cards = check(MessageFactory.carousel(names.map((n) => SHAPES[n]())), names);
    expect(cards).to.have.length(names.length);
    for (const card of cards) expect(card.whole, `${card.name}: missing ${card.missing.join(', ')}; losses ${card.losses.join('; ')}`).to.equal(card.missing.length === 0);
  });
});
