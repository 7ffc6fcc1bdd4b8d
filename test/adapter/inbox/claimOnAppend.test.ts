/**
 * Claim on append (RedisInbox.offerAppendClaims): an append claims the conversation it records
 * for a worker of its process with a free slot, in the same script, when the conversation was
 * idle and is the only one claimable; the turn then needs no claim of its own. The claim is the
 * claim script's (lease, attempt); anything else (items waiting, a lease, a pin, an older
 * conversation waiting) leaves the conversation to the usual claim.
 */
import { expect } from 'chai';
import type { AppendClaimOffer, InboxClaim } from '../../../src/adapter/inbox/inbox.js';
import { InboxWorker } from '../../../src/adapter/inbox/inboxWorker.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { redisTenant } from '../../storage/redisTestTenant.js';
import { waitFor } from '../../support/waitFor.js';

const item = (id: string) => ({ id, payload: { text: id }, receivedAt: Date.now() });

/** An offer with as many free slots as asked, keeping what each append brought. */
function offerOf(workerId: string, slots: number): AppendClaimOffer & { taken: (InboxClaim | undefined)[] } {
  const taken: (InboxClaim | undefined)[] = [];
  return {
    workerId,
    leaseMs: 30_000,
    taken,
    reserve: () => slots-- > 0,
    take: (claim) => {
      slots++;
      taken.push(claim);
    },
  };
}

describe('RedisInbox: claim on append', function () {
  this.timeout(10_000);
  const redis = redisTenant('claim-on-append', { each: true });

  it('[B4] claims an idle conversation for the offering worker in the append: lease, attempt 1, completed as any claim', async () => {
    const inbox = new RedisInbox({ client: redis.client, tenant: redis.tenant });
    const offer = offerOf('replica-1', 1);
    inbox.offerAppendClaims(offer);
    expect(await inbox.append('conv-1', item('m1'))).to.deep.equal({ duplicate: false });
    await waitFor(() => offer.taken.length === 1, 'the claim to be handed over');
    const claim = offer.taken[0]!;
    expect(claim).to.include({ conversationId: 'conv-1', workerId: 'replica-1', attempt: 1 });
    expect(claim.item.id).to.equal('m1');
    expect(claim.token.startsWith('replica-1/')).to.equal(true);
    // Leased: another replica finds nothing to claim; the second item waits behind the first.
    expect(await inbox.claim('replica-2', 30_000)).to.equal(undefined);
    await inbox.append('conv-1', item('m2'));
    expect(offer.taken[1]).to.equal(undefined);
    expect((await inbox.complete(claim, { keepLease: true })).next?.item.id).to.equal('m2');
  });

  it('[B4] leaves to the usual claim a conversation with items waiting, a pinned one, and any while an older conversation waits', async () => {
    const inbox = new RedisInbox({ client: redis.client, tenant: redis.tenant });
    await inbox.append('conv-old', item('o1'));
    // Ready times are in ms: a later one, so the order below is the waiting time's, not the names'.
    await new Promise((r) => setTimeout(r, 5));
    const offer = offerOf('replica-1', 4);
    inbox.offerAppendClaims(offer);
    await inbox.append('conv-new', item('n1'));
    await inbox.append('conv-pinned', item('p1'), { pin: { workerId: 'replica-1', ms: 10_000 } });
    await waitFor(() => offer.taken.length === 1, 'the append to answer');
    expect(offer.taken, 'an older conversation waits: no claim on append').to.deep.equal([undefined]);
    // The one waiting longest goes first, as the claim script orders them.
    expect((await inbox.claim('replica-1', 30_000))?.conversationId).to.equal('conv-old');
  });

  it('[B4] a worker takes the appended conversation without a claim of its own, and never more than its slots', async () => {
    class CountingInbox extends RedisInbox {
      claims = 0;
      override claim(workerId: string, leaseMs: number): Promise<InboxClaim | undefined> {
        this.claims++;
        return super.claim(workerId, leaseMs);
      }
    }
    const inbox = new CountingInbox({ client: redis.client, tenant: redis.tenant });
    const ran: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const worker = new InboxWorker(
      inbox,
      async (c) => {
        ran.push(c);
        await gate;
      },
      { concurrency: 1, pollIntervalMs: 60_000 },
    );
    worker.start();
    try {
      await waitFor(() => inbox.claims === 1, "the worker's first (empty) claim");
      await inbox.append('conv-a', item('a1'));
      await waitFor(() => ran.length === 1, 'the turn to start');
      // Its one slot is taken: the next conversation is recorded, not claimed, and waits.
      await inbox.append('conv-b', item('b1'));
      expect(inbox.claims).to.equal(1);
      open();
      await waitFor(() => ran.length === 2, 'the second turn, claimed once the slot is free');
      expect(ran).to.deep.equal(['conv-a', 'conv-b']);
      await waitFor(async () => (await inbox.depth()) === 0, 'both completed');
    } finally {
      await worker.stop();
    }
  });
});
