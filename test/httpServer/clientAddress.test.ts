import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import { createClientAddress, normalizeAddress } from '../../src/httpServer/clientAddress.js';

/** Only what the resolver reads of a request: the peer and the headers. */
const req = (peer: string | undefined, forwardedFor?: string | string[]) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('http: the client address behind trusted proxies', () => {
  it('is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const of = createClientAddress();
    expect(of(req('10.0.0.1', '203.0.113.9'))).to.equal('10.0.0.1');
    expect(of(req(undefined))).to.equal('unknown');
  });

  it('reads an IPv4 peer on a dual-stack socket as IPv4', () => {
    expect(normalizeAddress('::ffff:10.1.2.3')).to.equal('10.1.2.3');
    expect(normalizeAddress('2001:DB8::1')).to.equal('2001:db8::1');
    expect(createClientAddress(['10.0.0.0/8'])(req('::ffff:10.0.0.5', '203.0.113.9'))).to.equal('203.0.113.9');
  });

  it('takes the right-most untrusted address of X-Forwarded-For when the peer is trusted', () => {
    const of = createClientAddress(['10.0.0.0/8', 'fd00::/8']);
    expect(of(req('10.0.0.1', '198.51.100.7'))).to.equal('198.51.100.7');
    expect(of(req('10.0.0.1', '1.2.3.4, 198.51.100.7, 10.0.0.2'))).to.equal('198.51.100.7');
    expect(of(req('fd00::1', '2001:db8::5, fd00::2'))).to.equal('2001:db8::5');
    // Repeated headers, as node joins them, keep their order.
    expect(of(req('10.0.0.1', ['1.2.3.4', '198.51.100.8']))).to.equal('198.51.100.8');
  });

  it('understands the entries proxies write with ports or brackets', () => {
    const of = createClientAddress(['10.0.0.1']);
    expect(of(req('10.0.0.1', '198.51.100.7:4711'))).to.equal('198.51.100.7');
    expect(of(req('10.0.0.1', '[2001:db8::9]:4711'))).to.equal('2001:db8::9');
    expect(of(req('10.0.0.1', '[2001:db8::a]'))).to.equal('2001:db8::a');
  });

  it('stops at the last trusted proxy when the chain holds something no proxy wrote, or only proxies', () => {
    const of = createClientAddress(['10.0.0.0/8']);
    expect(of(req('10.0.0.1', 'garbage, 10.0.0.3'))).to.equal('10.0.0.3');
    expect(of(req('10.0.0.1', 'garbage'))).to.equal('10.0.0.1');
    expect(of(req('10.0.0.1', ''))).to.equal('10.0.0.1');
    expect(of(req('10.0.0.1'))).to.equal('10.0.0.1');
    expect(of(req('10.0.0.1', '10.0.0.4, 10.0.0.3'))).to.equal('10.0.0.4');
  });

  it('refuses at start a TRUSTED_PROXIES entry that is not an address or range, naming the setting', () => {
    expect(() => createClientAddress(['10.0.0.0/33'])).to.throw(RangeError, /TRUSTED_PROXIES/);
    expect(() => createClientAddress(['proxy.internal'])).to.throw(RangeError, /TRUSTED_PROXIES/);
  });
});
