import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer, exchange } from './customerClient.js';
import { deleteArticleOnPortal } from './articleDeletion.js';

// Each test runs twice: against answers as the contract shows them, and against the variants
// the real platform publishes (R7: display names outside the lists, empty ids, aliases, masked secrets).
for (const realistic of [false, true]) describe(`the ready guided-help bot on the local stack (hub, portal, events)${realistic ? ', realistic answers [R7]' : ''}`, () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: createReadyGuidedHelpBot, logger: createLogger({ level: 'silent' }), emulator: { realistic } });
  });
  after(() => stack?.stop());

  it('[B3] walks a customer from greeting to an accepted solution through quick replies and a list picker', async () => {
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    const topics = await exchange(c, 'hello', (m) => m.type.value === 'richMessage.quickreply');
    const picker = topics.find((m) => m.type.value === 'richMessage.quickreply')!;
    const internet = picker.content!.quickReplies!.find((o) => /internet/i.test(o.label))!;
    const symptom = await exchange(c, internet.value ?? internet.label, (m) => m.type.value === 'richMessage.listpicker');
    const list = symptom.find((m) => m.type.value === 'richMessage.listpicker')!;
    const none = list.content!.items!.find((i) => /no connection/i.test(i.title))!;
    const access = await exchange(c, none.title, (m) => m.type.value === 'richMessage.quickreply');
    const fibre = access.find((m) => m.type.value === 'richMessage.quickreply')!.content!.quickReplies!.find((o) => /fibre/i.test(o.label))!;
    const offer = await exchange(c, fibre.value ?? fibre.label, (m) => m.type.value === 'richMessage.quickreply' && /solve/i.test(m.content?.text ?? ''));
    expect(offer.map((m) => m.content?.text).join('\n')).to.match(/fibre cable/i);
    await exchange(c, 'yes', (m) => m.type.value === 'conversation.end' || /glad|great|thank/i.test(m.content?.text ?? ''));
    // The portal recorded the accepted solution and, with closeSessionOnAccept, closed the session.
    const calls = (await (await fetch(`${stack.emulator.url}/emulator/calls?kind=call`)).json()).call as Array<{ method: string; path: string; status: number }>;
    expect(calls.some((x) => x.method === 'POST' && /\/gh\/cases\/[^/]+\/accept$/.test(x.path) && x.status === 201)).to.equal(true);
  });

  it('does not offer a solution whose article a knowledge event deleted', async () => {
    await deleteArticleOnPortal(stack, 'KB-10003');
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await exchange(c, 'hello', (m) => m.type.value === 'richMessage.quickreply');
    await exchange(c, 'Home internet', (m) => m.type.value === 'richMessage.listpicker');
    await exchange(c, 'No connection at all', (m) => m.type.value === 'richMessage.quickreply');
    const after = await exchange(c, 'Fibre', (m) => m.type.value.startsWith('richMessage.') || m.type.value === 'escalation.transfer');
    const said = after.map((m) => m.content?.text ?? '').join('\n');
    expect(said).to.not.contain('KB-10003');
    expect(said).to.not.match(/Check the fibre cable/i);
  });
});
