// Redis round trips per steady-state turn, counted on a real Redis with MONITOR (a count, not a time).
import { expect } from 'chai';
import { countRoundTrips } from '../../bench/redisRoundTripCount.js';

/**
 * Today's ceilings, from the count at the time of writing. Redis inbox: about 5.1 commands (the
 * append, which also checks the token's revocation and claims the conversation with the turn's
 * first state reads; the complete; the state write; the transcript write; about 1.1 acquires
 * per send: a second one when a call was later than its slot's margin) in about 3.1 round trips
 * (the state write and the acquire leave in one write, the transcript with the complete).
 * Memory inbox: about 6.1 commands (state 3, revocation check 1, acquire about 1.1, transcript
 * 1) in about 5.1 round trips. The second acquire grows with the machine's load (0.5 a turn at a
 * load of 5), hence the margin; a change that adds a round trip to every turn fails here.
 */
const CEILING = { redis: { commands: 6, roundTrips: 4 }, memory: { commands: 7, roundTrips: 6 } };

describe('Redis round trips per turn (echo bot on the local stack, MONITOR)', function () {
  this.timeout(90_000);

  it('[B4] [T8] [C9] on the Redis inbox: one append that checks the token and claims with the state, one complete that carries the transcript, one acquire per send, and no more than today in all', async () => {
    const count = await countRoundTrips({ inbox: 'redis', turns: 20 });
    const by = (label: string) => count.byCommand.get(label) ?? 0;
    const trips = (carried: string) => count.byRoundTrip.get(carried) ?? 0;
    expect(by('evalsha inbox:q'), 'appends per turn').to.equal(1);
    // The revoked-token check is made by the append script.
    expect(by('exists revoked-jti'), 'revocation checks of their own').to.equal(0);
    // The complete alone: the append claimed (no claim of its own, no empty claim woken by a notice).
    expect(by('evalsha inbox:ready'), 'claims and completes per turn').to.equal(1);
    // The handover record and the conversation's state came with the claim: only the write is left.
    expect(by('evalsha state'), 'state commands per turn').to.equal(1);
    // The departure is recorded with the slot: no departure check after waiting for it.
    expect(by('evalsha rate:conversationmgr:POST /conversations/messages:departed'), 'departure checks per turn').to.equal(0);
    expect(by('evalsha rate:conversationmgr:POST /conversations/messages'), 'acquires per send').to.be.within(1, 2);
    expect(by('evalsha transcript:conversation-hub'), "the turn's activities in one transcript write").to.equal(1);
    // On the wire: the transcript leaves in the complete's write, one round trip for both.
    expect(trips('evalsha inbox:ready + evalsha transcript:conversation-hub'), 'completes carrying the transcript').to.equal(1);
    expect(trips('evalsha transcript:conversation-hub'), 'transcripts on their own').to.equal(0);
    expect(count.perTurn, JSON.stringify([...count.byCommand])).to.be.at.most(CEILING.redis.commands);
    expect(count.roundTripsPerTurn, JSON.stringify([...count.byRoundTrip])).to.be.at.most(CEILING.redis.roundTrips);
  });

  it('[T8] on the memory inbox: no inbox command reaches Redis, and no more than today in all', async () => {
    const count = await countRoundTrips({ inbox: 'memory', turns: 20 });
    expect([...count.byCommand.keys()].filter((label) => label.includes(' inbox:'))).to.deep.equal([]);
    expect(count.perTurn, JSON.stringify([...count.byCommand])).to.be.at.most(CEILING.memory.commands);
    expect(count.roundTripsPerTurn, JSON.stringify([...count.byRoundTrip])).to.be.at.most(CEILING.memory.roundTrips);
  });
});
