/**
 * An article deleted on the emulated portal: the event manager raises `article_deleted`, and
 * the bot of a local stack is waited for until its webhook has handled it (the article is known
 * as deleted). The guided-help and webhook tests build on a deletion that has arrived.
 */
import { expect } from 'chai';
import type { LocalStack } from '../../cli/localStack.js';
import { waitFor } from '../support/waitFor.js';

export async function deleteArticleOnPortal(stack: LocalStack, articleId: string): Promise<void> {
  const raised = await fetch(`${stack.emulator.url}/emulator/events/raise`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventType: 'article_deleted', payload: { articleId } }),
  });
  expect(raised.status, 'the event manager took the event').to.equal(202);
  await waitFor(() => stack.bot.deps.knowledge.deletedArticles.has(articleId), `the deletion of ${articleId} to reach the bot`);
}
