import { expect } from 'chai';
import { CardFactory, MessageFactory, type Activity, type Attachment } from 'botbuilder-core';
import * as agents from '@microsoft/agents-hosting';
import type { Activity as AgentsActivity } from '@microsoft/agents-activity';
import { mapActivity, type MappedActivity } from '../../src/adapter/hubMessagesFromActivity.js';
import { hubActivityOf } from '../../src/agents/agentsActivity.js';
import type { HubMessage, TemplateElement } from '../../src/schemas/hubMessages.js';

const out = { conversationId: 'c1', senderType: 'custom_bot' as const, senderId: 'bot-1' };
const map = (activity: Partial<Activity>): MappedActivity => mapActivity(activity, out);
const one = (activity: Partial<Activity>): HubMessage => {
  const { messages } = map(activity);
  expect(messages).to.have.length(1);
  return messages[0];
};
const elementsOf = (m: HubMessage): TemplateElement[] => m.content?.elements ?? [];
const open = (title: string, value: string) => ({ type: 'openUrl', title, value });

describe('cards on the hub', () => {
  it('[N3] a hero card with three openUrl buttons keeps its title, text, image and all three buttons in a template', () => {
    const hero = CardFactory.heroCard('Bot Framework', 'Build and connect bots', ['https://img.example/hero.png'], [open('Docs', 'https://docs.example/a'), open('Samples', 'https://docs.example/b'), open('Blog', 'https://docs.example/c')]);
    const mapped = map(MessageFactory.attachment(hero, 'Here you are'));
    const m = mapped.messages[0];
    expect(m.type.value).to.equal('richMessage.template');
    expect(m.content?.text).to.equal('Here you are');
    const [e] = elementsOf(m);
    expect(e).to.deep.include({ id: '1', title: 'Bot Framework', text: 'Build and connect bots', imageUrl: 'https://img.example/hero.png' });
    expect(e.buttons).to.deep.equal([
      { id: '1.1', type: 'url', label: 'Docs', url: 'https://docs.example/a' },
      { id: '1.2', type: 'url', label: 'Samples', url: 'https://docs.example/b' },
      { id: '1.3', type: 'url', label: 'Blog', url: 'https://docs.example/c' },
    ]);
    expect(mapped.losses).to.deep.equal([]);
    expect(mapped.cardKinds).to.deep.equal(['hero']);
  });

  it('[N3] a hero card with one link stays a rich link; with answers it is a template of reply buttons', () => {
    const link = one(MessageFactory.attachment(CardFactory.heroCard('Guide', 'Read this', [], [open('Open', 'https://kb/1')])));
    expect(link.type.value).to.equal('richMessage.richlink');
    expect(link.content).to.deep.include({ title: 'Guide', url: 'https://kb/1', description: 'Read this\nOpen' }); // the button's label kept (N8)
    const answers = one(MessageFactory.attachment(CardFactory.heroCard('Size?', undefined, ['Small', { type: 'postBack', title: 'Large', value: { size: 'L' } }])));
    expect(answers.type.value).to.equal('richMessage.template');
    expect(elementsOf(answers)[0].buttons).to.deep.equal([
      { id: '1.1', type: 'reply', label: 'Small', value: 'Small' },
      { id: '1.2', type: 'reply', label: 'Large', value: '{"size":"L"}' },
    ]);
  });

  it('[N3] a thumbnail card is a template with its subtitle, image and buttons; a tap link opens the card', () => {
    const thumb = CardFactory.thumbnailCard('Thumb', 'Some text', ['https://img.example/t.png'], [open('More', 'https://x/more'), 'Pick me'], { subtitle: 'Sub', tap: open('Tap', 'https://x/tap') });
    const [e] = elementsOf(one(MessageFactory.attachment(thumb)));
    expect(e).to.deep.include({ title: 'Thumb', subtitle: 'Sub', text: 'Some text', imageUrl: 'https://img.example/t.png', url: 'https://x/tap' });
    expect(e.buttons!.map((b) => b.label)).to.deep.equal(['More', 'Pick me']);
  });

  for (const kind of ['animation', 'audio', 'video'] as const) {
    it(`[N3] ${kind === 'video' ? 'a' : 'an'} ${kind} card keeps its media URL, poster image, title, subtitle, text and buttons`, () => {
      const factory = { animation: CardFactory.animationCard, audio: CardFactory.audioCard, video: CardFactory.videoCard }[kind];
      const card = factory(`A ${kind}`, [`https://media.example/${kind}.mp4`], [open('Learn more', 'https://x/learn')], { subtitle: 'Sub', text: 'Text', image: { url: 'https://img.example/poster.png', alt: 'poster' } });
      const mapped = map(MessageFactory.attachment(card));
      const [e] = elementsOf(mapped.messages[0]);
      expect(mapped.messages[0].type.value).to.equal('richMessage.template');
      expect(e).to.deep.include({ title: `A ${kind}`, subtitle: 'Sub', text: 'Text', imageUrl: 'https://img.example/poster.png' });
      expect(e.media).to.deep.equal([{ url: `https://media.example/${kind}.mp4`, kind }]);
      expect(e.buttons!.map((b) => b.url)).to.deep.equal(['https://x/learn']);
      expect(mapped.losses).to.deep.equal([]);
    });
  }

  it('[N3] a receipt card is a template whose text lists its facts, lines, tax, VAT and total; item images are reported', () => {
    const receipt = CardFactory.receiptCard({
      title: 'John Doe',
      facts: [{ key: 'Order Number', value: '1234' }],
      items: [
        { title: 'Data Transfer', price: '$38.45', quantity: '368', image: { url: 'https://img.example/1.png' } },
        { title: 'App Service', subtitle: 'Basic', price: '$45.00', quantity: '720' },
      ],
      tax: '$7.50',
      vat: '$0.00',
      total: '$90.95',
      buttons: [open('More information', 'https://azure.example/pricing')],
    } as unknown as Parameters<typeof CardFactory.receiptCard>[0]);
    const mapped = map(MessageFactory.attachment(receipt));
    const [e] = elementsOf(mapped.messages[0]);
    expect(e.title).to.equal('John Doe');
    expect(e.text!.split('\n')).to.deep.equal(['Order Number: 1234', '368 × Data Transfer: $38.45', '720 × App Service, Basic: $45.00', 'Tax: $7.50', 'VAT: $0.00', 'Total: $90.95']);
    expect(e.buttons!.map((b) => b.label)).to.deep.equal(['More information']);
    expect(mapped.losses).to.deep.equal([{ kind: 'receipt', index: 0, dropped: ["the receipt items' images"] }]);
  });

  it('[N3] a receipt\'s tax, VAT and total are labelled in the reply\'s language, English for one not ours', () => {
    const receipt = CardFactory.receiptCard({ title: 'Commande', tax: '7,50 €', vat: '0,00 €', total: '90,95 €', buttons: [open('Détails', 'https://shop.example/1')] } as unknown as Parameters<typeof CardFactory.receiptCard>[0]);
    const textIn = (locale: string) => elementsOf(map({ ...MessageFactory.attachment(receipt), locale }).messages[0])[0].text;
    expect(textIn('fr-FR')).to.equal('Taxes: 7,50 €\nTVA: 0,00 €\nTotal: 90,95 €');
    expect(textIn('de-DE')).to.equal('Steuer: 7,50 €\nMwSt.: 0,00 €\nGesamt: 90,95 €');
    expect(textIn('es-ES')).to.equal('Impuestos: 7,50 €\nIVA: 0,00 €\nTotal: 90,95 €');
    expect(textIn('pt-BR')).to.equal('Tax: 7,50 €\nVAT: 0,00 €\nTotal: 90,95 €');
  });

  it('[N3] a sign-in card becomes richMessage.authentication with its link and button label', () => {
    const m = one(MessageFactory.attachment(CardFactory.signinCard('Sign in', 'https://login.example/start', 'Please sign in to continue')));
    expect(m.type.value).to.equal('richMessage.authentication');
    expect(m.content).to.deep.include({ text: 'Please sign in to continue', url: 'https://login.example/start', label: 'Sign in' });
  });

  it('[N3] an OAuth card with a link is an authentication message; without one its text is sent and the missing link reported', () => {
    const linked = map(MessageFactory.attachment(CardFactory.oauthCard('graph', 'Log in', 'Sign in to your account', 'https://login.example/oauth')));
    expect(linked.messages[0].type.value).to.equal('richMessage.authentication');
    expect(linked.messages[0].content).to.deep.include({ url: 'https://login.example/oauth', label: 'Log in', text: 'Sign in to your account' });
    expect(linked.losses).to.deep.equal([]);
    const bare = map(MessageFactory.attachment(CardFactory.oauthCard('graph', 'Log in', 'Sign in to your account')));
    expect(bare.messages.map((m) => [m.type.value, m.content?.text])).to.deep.equal([['text', 'Sign in to your account']]);
    expect(bare.losses[0].kind).to.equal('oauth');
    expect(bare.losses[0].dropped.join()).to.contain("connection 'graph'");
  });

  it('[N3] an adaptive card becomes the text of its TextBlocks and FactSets, through containers and columns, with its actions as buttons', () => {
    const card = CardFactory.adaptiveCard({
      type: 'AdaptiveCard',
      version: '1.5',
      body: [
        { type: 'TextBlock', text: 'Flight itinerary', size: 'Large' },
        { type: 'Container', items: [{ type: 'TextBlock', text: 'Passengers' }, { type: 'FactSet', facts: [{ title: 'Seat', value: '12A' }, { title: 'Class', value: 'Economy' }] }] },
        { type: 'ColumnSet', columns: [{ type: 'Column', items: [{ type: 'TextBlock', text: 'SFO' }] }, { type: 'Column', items: [{ type: 'Image', url: 'https://img.example/plane.png' }, { type: 'TextBlock', text: 'AMS' }] }] },
        { type: 'Input.Text', id: 'comment', label: 'Comment' },
      ],
      actions: [
        { type: 'Action.OpenUrl', title: 'Book', url: 'https://air.example/book' },
        { type: 'Action.Submit', title: 'Confirm', data: 'confirm' },
        { type: 'Action.Submit', title: 'Cancel', data: { action: 'cancel' } },
      ],
    });
    const mapped = map(MessageFactory.attachment(card));
    const [e] = elementsOf(mapped.messages[0]);
    expect(mapped.messages[0].type.value).to.equal('richMessage.template');
    expect(e.title).to.equal('Flight itinerary');
    expect(e.text!.split('\n')).to.deep.equal(['Passengers', 'Seat: 12A', 'Class: Economy', 'SFO', 'AMS', 'Comment: …']);
    expect(e.imageUrl).to.equal('https://img.example/plane.png');
    expect(e.buttons).to.deep.equal([
      { id: '1.1', type: 'url', label: 'Book', url: 'https://air.example/book' },
      { id: '1.2', type: 'reply', label: 'Confirm', value: 'confirm' },
      { id: '1.3', type: 'reply', label: 'Cancel', value: 'Cancel' },
    ]);
    expect(mapped.losses).to.have.length(1);
    expect(mapped.losses[0].dropped.join(' | ')).to.contain("the data of 'Cancel'").and.contain('input fields (Comment)');
    expect(e.title).not.to.match(/^#\d/);
  });

  it('[N3] an adaptive card of text only is a text message; its fallbackText is used when nothing else reads', () => {
    expect(one(MessageFactory.attachment(CardFactory.adaptiveCard({ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'Hi' }, { type: 'TextBlock', text: 'there' }] }))).content?.text).to.equal('Hi\nthere');
    expect(one(MessageFactory.attachment(CardFactory.adaptiveCard({ type: 'AdaptiveCard', body: [{ type: 'Chart.Fancy' }], fallbackText: 'A chart of sales' }))).content?.text).to.equal('A chart of sales');
  });

  it('[N3] a carousel of nine cards is one template with nine elements and no repeated element or button id', () => {
    const cards = Array.from({ length: 9 }, (_, i) => CardFactory.heroCard(`Card ${i + 1}`, undefined, [open('Get started', 'https://docs.example/start')]));
    const m = one(MessageFactory.carousel(cards, 'Nine cards'));
    expect(m.type.value).to.equal('richMessage.template');
    expect(m.content?.layout).to.equal('carousel');
    const elements = elementsOf(m);
    expect(elements.map((e) => e.title)).to.deep.equal(cards.map((_, i) => `Card ${i + 1}`));
    const ids = [...elements.map((e) => e.id), ...elements.flatMap((e) => e.buttons!.map((b) => b.id))];
    expect(new Set(ids).size).to.equal(ids.length);
    expect(elements.every((e) => e.buttons![0].url === 'https://docs.example/start')).to.equal(true);
  });

  it('[N3] a list of choice cards stays a list picker; cards that repeat an answer or carry more become a list template', () => {
    const pick = one(MessageFactory.list([CardFactory.heroCard('Router', undefined, [{ type: 'imBack', title: 'Router', value: 'r1' }]), CardFactory.heroCard('Modem', undefined, [{ type: 'imBack', title: 'Modem', value: 'm2' }])], 'Which?'));
    expect(pick.type.value).to.equal('richMessage.listpicker');
    expect(pick.content?.items?.map((i) => i.id)).to.deep.equal(['r1', 'm2']);
    const same = one(MessageFactory.list([CardFactory.heroCard('A', undefined, ['Same']), CardFactory.heroCard('B', undefined, ['Same'])]));
    expect(same.type.value).to.equal('richMessage.template');
    expect(same.content?.layout).to.equal('list');
    const mixed = one(MessageFactory.list([CardFactory.heroCard('A'), CardFactory.signinCard('Sign in', 'https://login.example/')]));
    expect(mixed.type.value).to.equal('richMessage.template');
    expect(elementsOf(mixed)[1].buttons).to.deep.equal([{ id: '2.1', type: 'url', label: 'Sign in', url: 'https://login.example/' }]);
  });

  it('[N3] a plain file or picture by URL is a rich link named after the file; inline data is reported', () => {
    const picture = one(MessageFactory.contentUrl('https://files.example/photos/cat.png', 'image/png'));
    expect(picture.type.value).to.equal('richMessage.richlink');
    expect(picture.content).to.deep.include({ url: 'https://files.example/photos/cat.png', title: 'cat.png', imageUrl: 'https://files.example/photos/cat.png' });
    const pdf = one(MessageFactory.contentUrl('https://files.example/a.pdf', 'application/pdf', 'Invoice'));
    expect(pdf.content).to.deep.include({ title: 'Invoice', url: 'https://files.example/a.pdf' });
    expect(pdf.content).not.to.have.property('imageUrl');
    const inline = map(MessageFactory.contentUrl('data:image/png;base64,AAAA', 'image/png', 'dot.png', 'A dot'));
    expect(inline.messages.map((m) => m.content?.text)).to.deep.equal(['A dot\ndot.png']);
    expect(inline.losses[0]).to.deep.include({ kind: 'media', index: 0 });
  });

  it('[N3] suggested actions under a card come after it as a quick reply; a link among them is reported', () => {
    const activity = { ...MessageFactory.attachment(CardFactory.heroCard('Card', 'text', [], ['Pick'])), suggestedActions: { to: [], actions: [{ type: 'imBack', title: 'Yes', value: 'yes' }, open('Site', 'https://x/')] } };
    const mapped = map(activity);
    expect(mapped.messages.map((m) => m.type.value)).to.deep.equal(['richMessage.template', 'richMessage.quickreply']);
    expect(mapped.messages[1].content?.quickReplies?.map((q) => q.label)).to.deep.equal(['Yes', 'Site']);
    expect(mapped.cardKinds).to.deep.equal(['hero', 'suggestedActions']);
    expect(mapped.losses).to.have.length(1);
    expect(mapped.losses[0].kind).to.equal('suggestedActions');
  });

  it('[N3] odd attachments never fail the activity: wrong field types, a JSON-text adaptive card, an unknown type, null', () => {
    const odd: Attachment[] = [
      { contentType: 'application/vnd.microsoft.card.hero', content: { title: 42, buttons: 'nope', images: [{ url: 7 }, null] } },
      { contentType: 'application/vnd.microsoft.card.adaptive', content: JSON.stringify({ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'From JSON' }], actions: 'x' }) },
      { contentType: 'application/vnd.microsoft.card.receipt', content: null },
      { contentType: 'application/vnd.example.thing', content: { title: 'Strange', text: 'but readable' } },
      null as unknown as Attachment,
    ];
    const mapped = map({ type: 'message', attachments: odd, attachmentLayout: 'carousel' });
    const elements = elementsOf(mapped.messages[0]);
    expect(elements.map((e) => e.title)).to.deep.equal(['42', 'From JSON', undefined, undefined, undefined]);
    expect(elements[3].text).to.equal('Strange\nbut readable');
    expect(mapped.cardKinds).to.deep.equal(['hero', 'adaptive', 'receipt', 'unknown', 'unknown']);
    expect(mapped.losses.map((l) => l.index)).to.deep.equal([3, 4]);
  });

  it('[N3] the Agents SDK\'s cards map to the very same hub messages and losses as botbuilder\'s (one mapping)', () => {
    const adaptive = { type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'Hi' }, { type: 'Input.Text', id: 'x', label: 'X' }], actions: [{ type: 'Action.Submit', title: 'Go', data: 'go' }] };
    const pairs: [Partial<Activity>, AgentsActivity][] = [
      [MessageFactory.carousel([CardFactory.heroCard('A', undefined, ['a']), CardFactory.adaptiveCard(adaptive)], 'Both'), agents.MessageFactory.carousel([agents.CardFactory.heroCard('A', undefined, ['a']), agents.CardFactory.adaptiveCard(adaptive)], 'Both')],
      [MessageFactory.attachment(CardFactory.signinCard('Sign in', 'https://login.example/')), agents.MessageFactory.attachment(agents.CardFactory.signinCard('Sign in', 'https://login.example/'))],
      [
        MessageFactory.attachment(CardFactory.oauthCard('graph', 'Log in', 'Please', 'https://login.example/o')),
        agents.MessageFactory.attachment(agents.CardFactory.oauthCard('graph', 'Log in', 'Please', { signInLink: 'https://login.example/o' } as Parameters<typeof agents.CardFactory.oauthCard>[3])),
      ],
    ];
    for (const [fromBotbuilder, fromAgents] of pairs) {
      const expected = map(fromBotbuilder);
      expect(map(hubActivityOf(fromAgents))).to.deep.equal(expected);
    }
  });
});
