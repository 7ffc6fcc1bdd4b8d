/**
 * Ended conversations told to every replica (S15). The hub's end message reaches one replica
 * (the one its callback lands on), and a 409 answers the one that posted; the other replicas'
 * outboxes kept the conversation's queued replies and spent the budget on POSTs the hub refused
 * with 409, each refused batch split again (85 such POSTs for 60 dead conversations in the red
 * team's run). The replica that learns an end publishes it on the tenant's channel; every other
 * replica drops the conversation's queued replies and sends it nothing more.
 */
import { randomUUID } from 'node:crypto';
import { LuaScript, type RedisScriptClient } from '../../redis/luaScript.js';
import { noticeKind, publishNoticeLua } from '../../redis/scriptNotices.js';
import { tenantKey } from '../../redis/tenantKey.js';
import type { RedisSubscriber } from '../inbox/redisInboxOptions.js';

/** KEYS[1]: a key of the tenant (the channel's slot). ARGV: the notice, its kind, the channel. */
const ANNOUNCE_SCRIPT = new LuaScript(`${publishNoticeLua(2, 3, 'ARGV[1]')}
return 1`);

export interface SharedEndingsOptions {
  client: RedisScriptClient;
  subscriber: RedisSubscriber;
  tenant: string;
  /** Told of errors of the publish or the subscription (the end is still known locally). */
  onError?: (err: unknown) => void;
}

/** What an outbox needs of the shared endings: announce one, hear the others'. */
export interface EndedConversations {
  announce(conversationId: string): void;
  listen(onEnded: (conversationId: string) => void): Promise<void>;
  close(): Promise<void>;
}

export class SharedEndings implements EndedConversations {
  private readonly channel: string;
  private readonly key: string;
  /** Names this replica in its notices: its own come back through pub/sub and are skipped. */
  private readonly origin = randomUUID();
  private listener?: (message: string) => void;

  constructor(private readonly opts: SharedEndingsOptions) {
    this.channel = tenantKey(opts.tenant, 'outbox', 'ended');
    this.key = tenantKey(opts.tenant, 'outbox');
  }

  /** Tells the other replicas (JSON keeps a lone surrogate of the id exact, S17). */
  announce(conversationId: string): void {
    const notice = JSON.stringify([this.origin, conversationId]);
    ANNOUNCE_SCRIPT.run(this.opts.client, [this.key], [notice, noticeKind(this.opts.client), this.channel]).catch((err: unknown) => this.opts.onError?.(err));
  }

  async listen(onEnded: (conversationId: string) => void): Promise<void> {
    this.listener = (message: string) => {
      try {
        const [origin, conversationId] = JSON.parse(message) as [unknown, unknown];
        if (origin !== this.origin && typeof conversationId === 'string') onEnded(conversationId);
      } catch (err) {
        this.opts.onError?.(err);
      }
    };
    await this.opts.subscriber.subscribe(this.channel, this.listener);
  }

  async close(): Promise<void> {
    if (this.listener) await this.opts.subscriber.unsubscribe(this.channel, this.listener).catch((err: unknown) => this.opts.onError?.(err));
    this.listener = undefined;
  }
}
