import { expect } from 'chai';
import { loadConfig, ConfigError } from '../../src/config/config.js';

describe('configuration loader', () => {
  it('gives defaults for an empty environment', () => {
    const cfg = loadConfig({});
    expect(cfg.PLATFORM_PLAN).to.equal('Enterprise');
    expect(cfg.BOT_SENDER_TYPE).to.equal('custom_bot');
    expect(cfg.BOT_PORT).to.equal(3978);
  });

  it('names every wrong variable and what it expects, in one error', () => {
    try {
      loadConfig({ PLATFORM_PLAN: 'Gold', BOT_PORT: 'x', PORTAL_ID: 'K-1', REDIS_URL: 'localhost:6379', BOT_SENDER_TYPE: 'robot' });
      expect.fail('should have thrown');
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PLATFORM_PLAN', 'BOT_PORT', 'PORTAL_ID', 'REDIS_URL', 'BOT_SENDER_TYPE']) expect(problems).to.contain(name);
      expect(problems).to.match(/2-4 letters/);
    }
  });

  it('requires client id and secret together, and never echoes a secret', () => {
    const secret = 'short-secret';
    try {
      loadConfig({ BOT_CLIENT_SECRET: secret });
      expect.fail('should have thrown');
    } catch (err) {
      const text = String((err as Error).message);
      expect(text).to.contain('BOT_CLIENT_SECRET');
      expect(text).to.not.contain(secret);
    }
  });

  it('parses lists and numbers', () => {
    const cfg = loadConfig({ PLATFORM_SCOPES: 'a b,c', BOT_PORT: '8080', WEBHOOK_IP_ALLOWLIST: '127.0.0.1' });
    expect(cfg.PLATFORM_SCOPES).to.deep.equal(['a', 'b', 'c']);
    expect(cfg.BOT_PORT).to.equal(8080);
    expect(cfg.WEBHOOK_IP_ALLOWLIST).to.deep.equal(['127.0.0.1']);
  });
});
